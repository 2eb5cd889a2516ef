import { useState } from 'react';
import { Link } from '../../lib/link.tsx';

/** The opening of the home page, with the secret parchment that explains the house's name. */
export function Hero() {
  const [secretOpen, setSecretOpen] = useState(false);
  return (
    <section className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 pt-16 pb-16 text-center sm:pt-24">
      <p className="eyebrow">Handcrafted occult perfumery · Bengaluru</p>
      <h1 className="text-4xl leading-tight text-gold-bright sm:text-6xl">Potions for the bold and the bewitched</h1>
      <p className="max-w-2xl text-lg text-ash">
        Small-batch perfumes blended by the phases of the moon, each one a spell for courage, desire, protection or
        clear sight. Bottled by hand, shipped free across mainland India.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/products" className="btn-gold">
          EXPLORE POTIONS
        </Link>
        <Link to="/about" className="btn-ghost">
          ANCIENT WISDOM
        </Link>
      </div>
      <p className="text-sm text-ash">
        Not sure where to begin?{' '}
        <Link to="/finder" className="text-gold underline-offset-4 hover:text-gold-bright hover:underline">
          Take the fragrance finder
        </Link>
      </p>
      <button
        type="button"
        aria-expanded={secretOpen}
        aria-controls="secret-parchment"
        onClick={() => setSecretOpen((open) => !open)}
        className="mt-2 inline-flex min-h-11 items-center gap-2 rounded-md px-3 font-display text-xs tracking-[0.3em] text-orchid transition hover:text-gold-bright"
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className={`h-4 w-4 transition ${secretOpen ? 'rotate-180' : ''}`}>
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        {secretOpen ? 'SEAL THE SECRET' : 'REVEAL THE SECRET'}
      </button>
      <div id="secret-parchment" hidden={!secretOpen} className="parchment w-full max-w-2xl rounded-lg px-6 py-7 text-left shadow-[0_0_40px_rgb(217_180_90/0.25)] sm:px-10">
        <h2 className="text-center font-display text-xl tracking-widest">The Secret of Deosil</h2>
        <p className="mt-4 leading-relaxed">
          <em>Deosil</em> (say it <em>jeh-shul</em>) is the old word for <strong>sunwise</strong>: moving with the sun,
          clockwise, the direction of blessing. Healers walked deosil around a sickbed; brides were led deosil around
          the hearth.
        </p>
        <p className="mt-3 leading-relaxed">
          We stir every potion deosil, nine turns, on a waxing moon. Whether that is magic or simply patience, we leave
          for you to decide. The scent remembers either way.
        </p>
      </div>
    </section>
  );
}
