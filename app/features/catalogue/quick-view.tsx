import { useEffect, useRef, useState } from 'react';
import type { ProductCardData } from './card-data.ts';
import { formatRupees } from '../../../domain/money.ts';
import { Link } from '../../lib/link.tsx';

/**
 * A glance at a potion without leaving the grid. The native <dialog> traps focus, closes on Escape and hands
 * focus back to the button that opened it.
 */
export function QuickView({ product }: { product: ProductCardData }) {
  const dialog = useRef<HTMLDialogElement>(null);
  // The dialog exists only while open: twenty-four hidden dialogs would add to the catalogue's HTML and to the
  // work of bringing the page to life.
  const [open, setOpen] = useState(false);
  const titleId = `quick-view-${product.id}`;
  useEffect(() => {
    if (open) dialog.current?.showModal();
  }, [open]);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="absolute right-3 bottom-3 rounded-full border border-gold/60 bg-void/85 px-3 py-1.5 text-xs font-semibold tracking-wider text-gold-bright transition sm:opacity-0 sm:group-hover:opacity-100 sm:focus-visible:opacity-100"
      >
        Quick view<span className="sr-only"> of {product.name}</span>
      </button>
      {open ? (
        <dialog
          ref={dialog}
          aria-labelledby={titleId}
          onClose={() => setOpen(false)}
          onClick={(event) => {
            // A click on the backdrop lands on the dialog element itself.
            if (event.target === event.currentTarget) event.currentTarget.close();
          }}
          className="m-auto w-[min(92vw,44rem)] rounded-xl border border-shadow bg-crypt p-0 text-mist backdrop:bg-void/80"
        >
          <div className="grid gap-5 p-5 sm:grid-cols-2">
            <img src={product.mainImage} alt="" width={400} height={500} className="aspect-[4/5] w-full rounded-lg object-cover" />
            <div className="flex flex-col gap-3">
              <h2 id={titleId} className="text-xl text-gold-bright">
                {product.name}
              </h2>
              <p className="text-sm text-ash">{product.description}</p>
              <p className="text-sm">
                <span className="text-gold">Effect: </span>
                {product.effect}
              </p>
              <p className="text-sm text-ash">
                {[...product.notes.top, ...product.notes.heart, ...product.notes.base].join(' · ')}
              </p>
              <p className="font-display text-lg text-gold-bright">{formatRupees(product.price)}</p>
              <div className="mt-auto flex flex-wrap gap-2">
                <Link to={`/products/${product.slug}`} className="btn-gold">
                  VIEW POTION
                </Link>
                <button type="button" className="btn-ghost" onClick={() => dialog.current?.close()}>
                  CLOSE
                </button>
              </div>
            </div>
          </div>
        </dialog>
      ) : null}
    </>
  );
}
