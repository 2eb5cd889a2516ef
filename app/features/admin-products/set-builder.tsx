import { useQuery } from '@tanstack/react-query';
import type { ProductListResponse } from '../../../contracts/products.ts';
import { formatPaise, rupeesToPaise } from '../../../domain/money.ts';
import { setSaving, SET_MAX_COMPONENTS } from '../../../domain/sets.ts';
import { Fieldset } from '../../components/form.tsx';
import { adminApi, adminKeys } from '../admin/index.ts';
import type { ProductFormValues } from './product-form-values.ts';

type Component = ProductFormValues['components'][number];

/** The single potions a set may hold, with their sizes and prices (the storefront's list: live potions only). */
function usePotions() {
  return useQuery({
    queryKey: adminKeys.list('set-potions'),
    queryFn: ({ signal }) => adminApi<ProductListResponse>('/products?kind=potion&limit=100&sortBy=name&sortOrder=asc', { signal }).then((reply) => reply.products),
    staleTime: 60_000,
  });
}

/**
 * The product form's set section: pick potions, their sizes and how many go in each set. The saving against
 * buying them one by one is worked out as the admin types, from the set's price and the sizes' own prices.
 */
export function SetBuilder({
  components,
  price,
  onChange,
  errorOf,
}: {
  components: Component[];
  price: string;
  onChange: (components: Component[]) => void;
  errorOf: (field: string) => string | undefined;
}) {
  const potions = usePotions().data ?? [];
  const potionOf = (id: string) => potions.find((potion) => String(potion.id) === id);
  const update = (index: number, change: Partial<Component>) => onChange(components.map((entry, at) => (at === index ? { ...entry, ...change } : entry)));
  const priced = components.flatMap((entry) => {
    const size = potionOf(entry.productId)?.sizes.find((candidate) => candidate.size === entry.size);
    const quantity = Number(entry.quantity);
    return size && Number.isInteger(quantity) && quantity > 0 ? [{ quantity, unitPricePaise: rupeesToPaise(size.price) }] : [];
  });
  const setPrice = Number(price.replace(/[,\s₹]/g, ''));
  const saving = priced.length && Number.isFinite(setPrice) ? setSaving(rupeesToPaise(setPrice), priced) : null;

  return (
    <Fieldset className="space-y-2 sm:col-span-2" legend="Set contents (a bundle of potions)" error={errorOf('components')}>
      <p className="text-xs text-ash">
        Leave empty for a single potion. A set sells what its potions’ stock makes, so it has no inventory of its own; give it one size (such as “Set”)
        with its total net quantity.
      </p>
      <ul className="space-y-2">
        {components.map((entry, index) => {
          const potion = potionOf(entry.productId);
          const problem = errorOf(`components.${index}.productId`) ?? errorOf(`components.${index}.size`) ?? errorOf(`components.${index}.quantity`);
          return (
            <li key={index} className="flex flex-wrap items-center gap-2 rounded-md bg-night/60 px-3 py-2" data-testid="set-component-row">
              <select
                className="field min-w-40 flex-1 py-1"
                aria-label={`Potion ${index + 1} of the set`}
                value={entry.productId}
                onChange={(event) => update(index, { productId: event.target.value, size: potionOf(event.target.value)?.sizes[0]?.size ?? '' })}
              >
                <option value="">Choose a potion…</option>
                {potions.map((option) => (
                  <option key={option.id} value={String(option.id)}>
                    {option.name}
                  </option>
                ))}
              </select>
              <select className="field w-28 py-1" aria-label={`Size of potion ${index + 1}`} value={entry.size} onChange={(event) => update(index, { size: event.target.value })}>
                {(potion?.sizes ?? []).map((size) => (
                  <option key={size.size} value={size.size}>
                    {size.size} · {formatPaise(rupeesToPaise(size.price))}
                  </option>
                ))}
              </select>
              <label className="flex items-center gap-1 text-xs text-ash">
                ×
                <input className="field w-14 py-1" inputMode="numeric" aria-label={`Bottles of potion ${index + 1} in each set`} value={entry.quantity} onChange={(event) => update(index, { quantity: event.target.value })} />
              </label>
              <button type="button" className="text-xs text-blood hover:underline" onClick={() => onChange(components.filter((_, at) => at !== index))}>
                Remove
              </button>
              {problem ? (
                <p className="w-full text-xs text-blood" role="alert">
                  {problem}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="btn-ghost px-3 py-1.5 text-xs"
          disabled={components.length >= SET_MAX_COMPONENTS}
          onClick={() => onChange([...components, { productId: '', size: '', quantity: '1' }])}
        >
          Add a potion
        </button>
        {saving ? (
          <p className="text-sm text-ash" data-testid="set-saving">
            Bought one by one: {formatPaise(saving.separatePaise)} ·{' '}
            {saving.savingPaise > 0 ? <span className="text-ember">the set saves {formatPaise(saving.savingPaise)}</span> : <span className="text-blood">the set saves nothing at this price</span>}
          </p>
        ) : null}
      </div>
    </Fieldset>
  );
}
