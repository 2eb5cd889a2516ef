import type { ReactNode } from 'react';

/** The opening of a brand or content page: eyebrow, title and a line of introduction. */
export function PageHero({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <header className="mx-auto flex max-w-3xl flex-col items-center gap-4 px-4 pt-14 pb-10 text-center sm:pt-20">
      <p className="eyebrow">{eyebrow}</p>
      <h1 className="text-3xl leading-tight text-gold-bright sm:text-5xl">{title}</h1>
      {children ? <div className="max-w-2xl text-lg text-ash">{children}</div> : null}
    </header>
  );
}

/** A readable column of copy with themed headings, lists and links. */
export function Prose({ children }: { children: ReactNode }) {
  return <div className="prose-deosil mx-auto max-w-3xl px-4 pb-20 sm:px-6">{children}</div>;
}

/** "Last updated" line of the policy pages. */
export function Updated({ date }: { date: string }) {
  return <p className="text-sm text-ash">Last updated: {date}</p>;
}
