import { ADMIN_PRODUCT_SORTS, type AdminProductSort } from '../../../contracts/admin-products.ts';
import { AdminScreen, FilterSelect, ListEmpty, ListError, SearchField, sortOptions } from '../admin/index.ts';
import { AdminProductCard } from './admin-product-card.tsx';
import { ProductForm } from './product-form.tsx';
import { productFormValues } from './product-form-values.ts';
import { useProductsAdmin } from './use-products-admin.ts';

const SORT_LABELS: Record<AdminProductSort, string> = { name: 'Name', price: 'Price', stock: 'Stock', sales: 'Sales' };
const DELETE_QUESTION = 'Are you sure you want to delete this product? This action cannot be undone.';

/** Product management: search, category and sort, a card grid with stock labels, the product modal and delete confirmation. */
export function ProductsAdminPage() {
  const { search, category, setCategory, sort, setSort, showArchived, setShowArchived, list, categories, categoryName, editor, deletion, adjust } = useProductsAdmin();
  const { editing } = editor;
  const { deleting } = deletion;
  const products = list.data?.products ?? [];

  return (
    <AdminScreen
      eyebrow="The apothecary"
      title="Product Management"
      create={{ label: 'Add Product', onClick: () => editor.open('new') }}
      intro={
        list.data ? (
          <p className="mt-1 text-sm text-ash">
            {list.data.pagination.total} product{list.data.pagination.total === 1 ? '' : 's'}
          </p>
        ) : null
      }
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_auto_auto_auto] lg:items-center">
        <SearchField className="sm:col-span-2 lg:col-span-1" label="Search products" placeholder="Search by name or description" value={search.search} onChange={search.setSearch} />
        <FilterSelect label="Category" value={category} onChange={setCategory} options={[['all', 'All categories'], ...categories.map((entry): [string, string] => [entry.id, entry.name])]} />
        <FilterSelect label="Sort" value={sort} onChange={setSort} options={sortOptions(ADMIN_PRODUCT_SORTS, SORT_LABELS)} />
        <label className="flex items-center gap-2 text-sm text-ash">
          <input type="checkbox" checked={showArchived} onChange={(event) => setShowArchived(event.target.checked)} />
          Show archived
        </label>
      </div>

      <ListError error={list.error} />

      <div className="relative min-h-40">
        {list.isFetching ? (
          <div role="status" className="absolute inset-0 z-10 flex items-start justify-center rounded-xl bg-void/60 pt-16 backdrop-blur-[1px]">
            <span className="flex items-center gap-3 rounded-full border border-shadow bg-crypt px-4 py-2 text-sm text-mist">
              <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-shadow border-t-gold" />
              Loading products...
            </span>
          </div>
        ) : null}
        {list.data && products.length === 0 ? <ListEmpty title="No products found" /> : null}
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
          {products.map((product) => (
            <AdminProductCard
              key={product.id}
              product={product}
              categoryName={categoryName(product.category)}
              onEdit={() => editor.open(product)}
              onDelete={() => deletion.setDeleting(product)}
              onAdjust={(by) => adjust(product, by)}
            />
          ))}
        </ul>
      </div>

      <dialog ref={editor.dialog} aria-labelledby="product-form-title" onClose={editor.close} className="m-auto max-h-[92vh] w-[min(96vw,52rem)] overflow-y-auto rounded-xl border border-shadow bg-crypt p-0 text-mist backdrop:bg-void/80">
        {/* A new product starts from the seller's declarations, which come with the list: its form waits for them. */}
        {editing === 'new' && !list.data ? (
          <p role="status" className="p-6 text-sm text-ash">
            Loading…
          </p>
        ) : editing ? (
          <div className="px-5 pt-5">
            <div className="mb-4 flex items-start justify-between gap-3">
              <h2 id="product-form-title" className="text-xl text-gold-bright">
                {editing === 'new' ? 'Add Product' : `Edit ${editing.name}`}
              </h2>
              <button type="button" className="rounded px-2 text-xl text-ash hover:text-mist" aria-label="Close" onClick={editor.close}>
                ×
              </button>
            </div>
            <ProductForm
              key={editing === 'new' ? 'new' : editing.id}
              initial={productFormValues(editing === 'new' ? undefined : editing, list.data?.declarationDefaults)}
              held={editing === 'new' ? 0 : editing.held}
              categories={categories}
              saving={editor.saving}
              errors={editor.errors}
              onSubmit={editor.save}
              onCancel={editor.close}
            />
          </div>
        ) : null}
      </dialog>

      <dialog ref={deletion.dialog} aria-labelledby="delete-product-title" aria-describedby="delete-product-question" onClose={() => deletion.setDeleting(null)} className="m-auto w-[min(92vw,28rem)] rounded-xl border border-shadow bg-crypt p-6 text-mist backdrop:bg-void/80">
        {deleting ? (
          <>
            <h2 id="delete-product-title" className="text-lg text-gold-bright">
              Delete {deleting.name}?
            </h2>
            <p id="delete-product-question" className="mt-2 text-sm text-ash">
              {DELETE_QUESTION}
            </p>
            <div className="mt-6 flex justify-end gap-2">
              <button type="button" className="btn-ghost" onClick={() => deletion.setDeleting(null)}>
                Cancel
              </button>
              <button type="button" className="rounded-md bg-blood px-4 py-2 text-sm font-semibold text-void hover:brightness-110 disabled:opacity-60" disabled={deletion.busy} onClick={deletion.confirm}>
                {deletion.busy ? 'Deleting…' : 'Delete'}
              </button>
            </div>
          </>
        ) : null}
      </dialog>
    </AdminScreen>
  );
}
