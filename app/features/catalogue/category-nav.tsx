import { useNavigate } from 'react-router';
import type { Category } from '../../../contracts/products.ts';
import { CategoryIcon } from './category-icon.tsx';
import { Link } from '../../lib/link.tsx';

export interface CategoryOption {
  id: string;
  name: string;
  count: number;
}

export function categoryOptions(categories: Category[]): CategoryOption[] {
  const total = categories.reduce((sum, category) => sum + category.count, 0);
  return [{ id: 'all', name: 'All Potions', count: total }, ...categories];
}

/** Href of a category tab: keeps the other filters, starts again at page 1. */
function categoryHref(search: URLSearchParams, id: string): string {
  const next = new URLSearchParams(search);
  next.delete('page');
  if (id === 'all') next.delete('category');
  else next.set('category', id);
  const query = next.toString();
  return query ? `/products?${query}` : '/products';
}

/** A dropdown on phones, a scrolling strip on tablets, a row on desktops. */
export function CategoryNav({ options, active, search }: { options: CategoryOption[]; active: string; search: URLSearchParams }) {
  const navigate = useNavigate();
  return (
    <nav aria-label="Potion categories">
      <label className="relative block sm:hidden">
        <span className="sr-only">Category</span>
        {/* The chosen category's icon sits in the dropdown's field, as on the tabs of wider screens. */}
        <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-gold">
          <CategoryIcon categoryId={active} />
        </span>
        <select
          className="field pl-9 font-display tracking-wider"
          value={active}
          onChange={(event) => navigate(categoryHref(search, event.target.value))}
        >
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name} ({option.count})
            </option>
          ))}
        </select>
      </label>
      <ul className="-mx-4 hidden snap-x gap-2 overflow-x-auto px-4 pb-2 sm:flex lg:mx-0 lg:flex-wrap lg:justify-center lg:overflow-visible lg:px-0">
        {options.map((option) => {
          const current = option.id === active;
          return (
            <li key={option.id} className="shrink-0 snap-start">
              <Link
                to={categoryHref(search, option.id)}
                aria-current={current ? 'page' : undefined}
                preventScrollReset
                className={`inline-flex items-center gap-2 rounded-full border px-4 py-2 font-display text-sm tracking-wider transition ${
                  current ? 'border-gold bg-gold/15 text-gold-bright' : 'border-shadow text-mist hover:border-gold/60 hover:text-gold-bright'
                }`}
              >
                <CategoryIcon categoryId={option.id} className={`h-4 w-4 ${current ? 'text-gold-bright' : 'text-gold'}`} />
                {option.name}
                <span className="text-xs text-ash">{option.count}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
