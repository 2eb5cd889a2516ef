import { Link } from '../../lib/link.tsx';

export type ProductKind = 'all' | 'potion' | 'set';

const KINDS: { id: ProductKind; label: string }[] = [
  { id: 'all', label: 'Everything' },
  { id: 'potion', label: 'Single potions' },
  { id: 'set', label: 'Sets & gift boxes' },
];

/** Href of a kind: keeps the other filters, starts again at page 1. */
function kindHref(search: URLSearchParams, kind: ProductKind): string {
  const next = new URLSearchParams(search);
  next.delete('page');
  if (kind === 'all') next.delete('kind');
  else next.set('kind', kind);
  const query = next.toString();
  return query ? `/products?${query}` : '/products';
}

/** Single potions or sets (bundles), beside the categories: a shopper after a gift finds the boxes in one tap. */
export function KindFilter({ active, search }: { active: ProductKind; search: URLSearchParams }) {
  return (
    <nav aria-label="Potions or sets" className="flex justify-center">
      <ul className="inline-flex rounded-full border border-shadow p-1">
        {KINDS.map((kind) => {
          const current = kind.id === active;
          return (
            <li key={kind.id}>
              <Link
                to={kindHref(search, kind.id)}
                aria-current={current ? 'page' : undefined}
                preventScrollReset
                className={`block rounded-full px-3 py-1.5 text-xs tracking-wider transition sm:px-4 sm:text-sm ${
                  current ? 'bg-gold/15 text-gold-bright' : 'text-mist hover:text-gold-bright'
                }`}
              >
                {kind.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
