import { data, Form, isRouteErrorResponse, useNavigation, useSearchParams, useSubmit } from 'react-router';
import { productListQuerySchema } from '../../contracts/products.ts';
import { PRODUCT_SORT_FIELDS, SEARCH_MAX_LENGTH } from '../../domain/catalogue.ts';
import { toCardData } from '../features/catalogue/card-data.ts';
import { CategoryNav, categoryOptions } from '../features/catalogue/category-nav.tsx';
import { ProductCard } from '../features/catalogue/product-card.tsx';
import { KindFilter } from '../features/catalogue/kind-filter.tsx';
import { HydrateInTurn } from '../lib/hydrate-in-turn.tsx';
import { originFrom, seoTags } from '../lib/seo.ts';
import type { Route } from './+types/products';

const SORT_LABELS: Record<(typeof PRODUCT_SORT_FIELDS)[number], string> = {
  createdAt: 'Newest',
  price: 'Price',
  name: 'Name',
  rating: 'Rating',
  sales: 'Best selling',
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const query = productListQuerySchema.safeParse(params);
  if (!query.success) {
    throw data({ message: query.error.issues[0]?.message ?? 'Invalid filter' }, { status: 400 });
  }
  const [list, categories] = await Promise.all([context.shop.products.list(query.data), context.shop.products.categories()]);
  return {
    products: list.products.map(toCardData),
    // A search that found nothing: the potions closest to what was typed (docs/decisions/0064).
    suggestions: (list.suggestions ?? []).map(toCardData),
    pagination: list.pagination,
    categories,
    category: query.data.category ?? 'all',
    kind: query.data.kind ?? ('all' as const),
  };
}

export function meta({ matches, location }: Route.MetaArgs) {
  return seoTags({
    title: 'Potion Collection',
    description:
      'Browse handcrafted occult perfumes: signature scents, ritual, seduction, protection, transformation, wisdom and healing potions. Free shipping across India.',
    path: location.pathname,
    origin: originFrom(matches),
  });
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { products, suggestions, pagination, categories, category, kind } = loaderData;
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const submit = useSubmit();
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/products';
  const sortValue = `${searchParams.get('sortBy') ?? ''}:${searchParams.get('sortOrder') ?? ''}`;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <header className="mb-8 text-center">
        <p className="eyebrow">Browse mystical fragrances</p>
        <h1 className="mt-2 text-3xl text-gold-bright sm:text-4xl">Potion Collection</h1>
        <p className="mx-auto mt-3 max-w-2xl text-ash">
          Each potion is blended by hand in small batches and left to mature through a full lunar cycle.
        </p>
      </header>

      <div className="mb-6 flex flex-col gap-4">
        <HydrateInTurn>
          <CategoryNav options={categoryOptions(categories)} active={category} search={searchParams} />
          <KindFilter active={kind} search={searchParams} />
          <Form method="get" role="search" className="flex flex-col gap-3 sm:flex-row sm:items-end" preventScrollReset>
            {category !== 'all' ? <input type="hidden" name="category" value={category} /> : null}
            {kind !== 'all' ? <input type="hidden" name="kind" value={kind} /> : null}
            <label className="flex-1">
              <span className="mb-1 block text-sm text-ash">Search potions</span>
              <input
                type="search"
                name="search"
                defaultValue={searchParams.get('search') ?? ''}
                maxLength={SEARCH_MAX_LENGTH}
                placeholder="Poppy, oud, moonflower…"
                className="field"
              />
            </label>
            <label>
              <span className="mb-1 block text-sm text-ash">Sort by</span>
              <select
                className="field sm:w-52"
                defaultValue={sortValue}
                onChange={(event) => {
                  const [sortBy = '', sortOrder = ''] = event.target.value.split(':');
                  const next = new URLSearchParams(searchParams);
                  next.delete('page');
                  for (const [key, value] of [['sortBy', sortBy], ['sortOrder', sortOrder]] as const) {
                    if (value) next.set(key, value);
                    else next.delete(key);
                  }
                  void submit(next, { method: 'get', preventScrollReset: true });
                }}
              >
                <option value=":">Featured</option>
                {PRODUCT_SORT_FIELDS.flatMap((field) =>
                  field === 'name'
                    ? [<option key="name" value="name:asc">Name: A to Z</option>]
                    : field === 'price'
                      ? [
                          <option key="price-asc" value="price:asc">Price: low to high</option>,
                          <option key="price-desc" value="price:desc">Price: high to low</option>,
                        ]
                      : [<option key={field} value={`${field}:desc`}>{SORT_LABELS[field]}</option>],
                )}
              </select>
            </label>
            <button type="submit" className="btn-ghost">
              SEARCH
            </button>
          </Form>
        </HydrateInTurn>
      </div>

      <div className="relative" aria-busy={loading}>
        {loading ? (
          <div className="absolute inset-0 z-10 flex items-start justify-center bg-void/60 pt-24 backdrop-blur-[2px]" role="status">
            <p className="panel px-6 py-4 font-display tracking-widest text-gold-bright">Loading mystical products...</p>
          </div>
        ) : null}
        <p className="mb-4 text-sm text-ash" aria-live="polite">
          {pagination.total} {kind === 'set' ? (pagination.total === 1 ? 'set' : 'sets') : pagination.total === 1 ? 'potion' : 'potions'}
        </p>
        {products.length === 0 ? (
          <div className="panel mx-auto max-w-lg px-6 py-12 text-center">
            <h2 className="text-2xl text-gold-bright">No Potions Found</h2>
            <p className="mt-3 text-ash">No potion answers that call. Try another category or a different word.</p>
          </div>
        ) : null}
        {products.length === 0 && suggestions.length > 0 ? (
          <section aria-labelledby="closest-potions" className="mt-10">
            <h2 id="closest-potions" className="mb-4 text-center text-xl text-gold-bright">
              Perhaps you were seeking
            </h2>
            <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {suggestions.map((product) => (
                <li key={product.id}>
                  <HydrateInTurn>
                    <ProductCard product={product} />
                  </HydrateInTurn>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {products.length === 0 ? null : (
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {products.map((product, index) => (
              <li key={product.id} className="render-when-near">
                <HydrateInTurn>
                  <ProductCard product={product} eager={index < 3} priority={index === 0} />
                </HydrateInTurn>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = isRouteErrorResponse(error)
    ? ((error.data as { message?: string } | null)?.message ?? error.statusText)
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl text-gold-bright">Error loading products: {message}</h1>
      <button type="button" className="btn-gold mt-6" onClick={() => window.location.assign('/products')}>
        Retry
      </button>
    </div>
  );
}
