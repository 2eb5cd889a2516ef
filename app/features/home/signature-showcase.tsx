import { useRef, type KeyboardEvent } from 'react';
import { formatRupees } from '../../../domain/money.ts';
import type { ShowcasePotion } from './showcase-data.ts';
import { useDebouncedLock } from './use-debounced-lock.ts';
import { Link } from '../../lib/link.tsx';

/** The eight Signature Scents as tabs: description, magical effect, five notes and the way to the potion. */
export function SignatureShowcase({ potions }: { potions: ShowcasePotion[] }) {
  const { value: active, pending, request } = useDebouncedLock(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const potion = potions[active];
  if (!potion) return null;

  // Arrow keys, Home and End move along the tabs (WAI-ARIA tabs pattern); the panel follows after the debounce.
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = tabs.current.findIndex((tab) => tab === document.activeElement);
    if (current === -1) return;
    const last = potions.length - 1;
    const next =
      event.key === 'ArrowRight' ? (current === last ? 0 : current + 1)
      : event.key === 'ArrowLeft' ? (current === 0 ? last : current - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    tabs.current[next]?.focus();
    request(next);
  }

  const selected = pending ?? active;
  return (
    <section aria-labelledby="signature-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <p className="eyebrow text-center">The house's first eight</p>
      <h2 id="signature-heading" className="mt-2 text-center text-3xl text-gold-bright sm:text-4xl">
        Signature Scents
      </h2>
      <div
        role="tablist"
        aria-label="Signature scents"
        onKeyDown={onKeyDown}
        className="-mx-4 mt-8 flex snap-x gap-2 overflow-x-auto px-4 pb-2 sm:mx-0 sm:flex-wrap sm:justify-center sm:overflow-visible sm:px-0"
      >
        {potions.map((item, index) => (
          <button
            key={item.slug}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`scent-tab-${item.slug}`}
            aria-selected={index === active}
            aria-controls="scent-panel"
            tabIndex={index === selected ? 0 : -1}
            onClick={() => request(index)}
            className={`min-h-11 shrink-0 snap-start rounded-full border px-4 py-2 font-display text-xs tracking-widest whitespace-nowrap transition sm:text-sm ${
              index === active
                ? 'border-gold bg-gold/15 text-gold-bright'
                : index === pending
                  ? 'border-gold/60 text-gold-bright'
                  : 'border-shadow text-mist hover:border-gold/50 hover:text-gold-bright'
            }`}
          >
            {item.name}
          </button>
        ))}
      </div>
      <div
        id="scent-panel"
        role="tabpanel"
        aria-labelledby={`scent-tab-${potion.slug}`}
        className="panel mt-8 grid items-center gap-8 p-6 sm:p-10 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]"
      >
        <div key={potion.slug} className="showcase-fade mx-auto aspect-square w-full max-w-[16rem] md:max-w-xs">
          <img src={potion.image} alt="" width={320} height={320} loading="lazy" decoding="async" className="h-full w-full object-contain drop-shadow-[0_0_40px_rgb(124_58_237/0.35)]" />
        </div>
        <div key={`${potion.slug}-text`} className="showcase-fade flex flex-col gap-5">
          <div>
            <h3 className="text-2xl text-gold-bright sm:text-3xl">{potion.name}</h3>
            <p className="mt-1 font-display text-sm tracking-widest text-ash">from {formatRupees(potion.fromPrice)}</p>
          </div>
          <p className="text-mist">{potion.description}</p>
          <div>
            <h4 className="eyebrow">Magical effect</h4>
            <p className="mt-2 text-ash italic">{potion.effect}</p>
          </div>
          <div>
            <h4 className="eyebrow">Notes</h4>
            <ul className="mt-3 flex flex-wrap gap-2" aria-label={`Notes of ${potion.name}`}>
              {potion.notes.map((note) => (
                <li key={note} className="rounded-full border border-amethyst/50 bg-amethyst/10 px-3 py-1 text-sm text-orchid">
                  {note}
                </li>
              ))}
            </ul>
          </div>
          <div>
            <Link to={`/products/${potion.slug}`} className="btn-gold">
              EXPLORE THIS POTION
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
