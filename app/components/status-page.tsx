import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The themed screen for a page that cannot be shown: 404s, failed loads, unexpected errors. */
export function StatusPage({ code, title, children }: { code?: number; title: string; children?: ReactNode }) {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-5 px-4 py-16 text-center">
      {code ? <p className="font-display text-6xl font-bold text-gold/80">{code}</p> : null}
      <h1 className="text-2xl text-gold-bright sm:text-3xl">{title}</h1>
      <div className="text-ash">{children}</div>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-ghost">
          RETURN TO THE SANCTUM
        </Link>
        <Link to="/products" className="btn-gold">
          EXPLORE POTIONS
        </Link>
      </div>
    </section>
  );
}
