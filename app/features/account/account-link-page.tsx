import type { ReactNode } from 'react';

/** The narrow panel that pages opened from account e-mails share. */
export function AccountLinkPage({ eyebrow, title, lead, children }: { eyebrow: string; title: string; lead: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <section className="panel border-gold/30 bg-night p-6 sm:p-8" aria-labelledby="account-link-title">
        <p className="eyebrow text-center">{eyebrow}</p>
        <h1 id="account-link-title" className="mt-2 text-center text-2xl text-gold-bright sm:text-3xl">
          {title}
        </h1>
        <p className="mt-2 text-center text-sm text-ash">{lead}</p>
        {children}
      </section>
    </div>
  );
}
