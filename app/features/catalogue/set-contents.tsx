import type { Product } from '../../../contracts/products.ts';
import { formatRupees } from '../../../domain/money.ts';
import { Link } from '../../lib/link.tsx';

/** How many bottles a set holds, for its badge. */
export const bottlesIn = (contents: readonly { quantity: number }[]) => contents.reduce((sum, part) => sum + part.quantity, 0);

/** What a set saves against buying its contents one by one, in rupees (0 when it saves nothing). */
export function setSavingRupees(product: Pick<Product, 'price' | 'separatePrice'>): number {
  return product.separatePrice === null ? 0 : Math.max(0, Math.round((product.separatePrice - product.price) * 100) / 100);
}

/** A set's page: the potions inside it, each a link to its own page, and what buying them separately would cost. */
export function SetContents({ product }: { product: Pick<Product, 'contents' | 'price' | 'separatePrice'> }) {
  const saving = setSavingRupees(product);
  return (
    <section className="panel p-5" aria-labelledby="set-contents-title" data-testid="set-contents">
      <h2 id="set-contents-title" className="eyebrow">
        Inside this set
      </h2>
      <ul className="mt-3 divide-y divide-shadow">
        {product.contents.map((part) => (
          <li key={`${part.productId}-${part.size}`} className="flex items-baseline justify-between gap-3 py-2 text-sm">
            <Link to={`/products/${part.slug}`} className="text-mist hover:text-gold-bright">
              {part.quantity > 1 ? `${part.quantity} × ` : ''}
              {part.name} <span className="text-ash">· {part.size}</span>
            </Link>
            <span className="shrink-0 text-ash">{formatRupees(part.price * part.quantity)}</span>
          </li>
        ))}
      </ul>
      {product.separatePrice !== null ? (
        <p className="mt-3 text-sm text-ash">
          Bought one by one: <s>{formatRupees(product.separatePrice)}</s>
          {saving > 0 ? <span className="ml-2 font-semibold text-ember">You save {formatRupees(saving)}</span> : null}
        </p>
      ) : null}
    </section>
  );
}

/** A potion's page: the sets it also comes in ("Also in: Discovery Set"). */
export function AlsoInSets({ sets }: { sets: Product['alsoIn'] }) {
  if (sets.length === 0) return null;
  return (
    <p className="text-sm text-ash" data-testid="also-in">
      Also in:{' '}
      {sets.map((set, index) => (
        <span key={set.slug}>
          {index > 0 ? ', ' : ''}
          <Link to={`/products/${set.slug}`} className="text-gold hover:text-gold-bright">
            {set.name}
          </Link>
        </span>
      ))}
    </p>
  );
}
