import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import toast from '../lib/toast.ts';
import { ADMIN_PRODUCT_SORTS, type AdminProduct, type AdminProductListResponse, type AdminProductSort } from '../../contracts/admin-products.ts';
import type { FieldError } from '../../contracts/api.ts';
import type { Category } from '../../contracts/products.ts';
import { adminApi } from '../features/admin/admin-session.ts';
import { SearchField } from '../features/admin/list-controls.tsx';
import { useSearchQuery } from '../features/admin/use-search-query.ts';
import { AdminProductCard } from '../features/admin-products/admin-product-card.tsx';
import { ProductForm } from '../features/admin-products/product-form.tsx';
import { productBody, productFormValues, type ProductFormValues } from '../features/admin-products/product-form-values.ts';
import { ApiRequestError } from '../lib/api-client.ts';

const PRODUCTS_KEY = ['admin', 'products'];
const sortLabels: Record<AdminProductSort, string> = { name: 'Name', price: 'Price', stock: 'Stock', sales: 'Sales' };
const DELETE_QUESTION = 'Are you sure you want to delete this product? This action cannot be undone.';

export function meta() {
  return [{ title: 'Products | Deosil Admin' }];
}

/** Product management: search, category and sort, a card grid with stock labels, the product modal and delete confirmation. */
export default function AdminProducts() {
  const client = useQueryClient();
  const { search, setSearch, query } = useSearchQuery();
  const [category, setCategory] = useState('all');
  const [sort, setSort] = useState<AdminProductSort>('name');
  const [showArchived, setShowArchived] = useState(false);
  const params = new URLSearchParams({ sort, category, ...(query ? { search: query } : {}), ...(showArchived ? { includeArchived: 'true' } : {}) });

  const list = useQuery({
    queryKey: [...PRODUCTS_KEY, params.toString()],
    queryFn: ({ signal }) => adminApi<AdminProductListResponse>(`/admin/products?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
  const categories = useQuery({
    queryKey: ['admin', 'categories'],
    queryFn: ({ signal }) => adminApi<{ categories: Category[] }>('/products/categories', { signal }).then((reply) => reply.categories),
    staleTime: 60_000,
  });
  const categoryName = (id: string) => categories.data?.find((entry) => entry.id === id)?.name ?? id;

  const [editing, setEditing] = useState<AdminProduct | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminProduct | null>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  const [busy, setBusy] = useState(false);
  const formDialog = useRef<HTMLDialogElement>(null);
  const deleteDialog = useRef<HTMLDialogElement>(null);
  const refresh = () => client.invalidateQueries({ queryKey: PRODUCTS_KEY });

  useEffect(() => {
    if (editing && !formDialog.current?.open) formDialog.current?.showModal();
    if (!editing && formDialog.current?.open) formDialog.current.close();
  }, [editing]);
  useEffect(() => {
    if (deleting && !deleteDialog.current?.open) deleteDialog.current?.showModal();
    if (!deleting && deleteDialog.current?.open) deleteDialog.current.close();
  }, [deleting]);

  async function save(values: ProductFormValues) {
    setSaving(true);
    setErrors([]);
    try {
      const body = productBody(values);
      if (editing === 'new') await adminApi('/products', { method: 'POST', body });
      else if (editing) await adminApi(`/products/${editing.id}`, { method: 'PUT', body });
      toast.success(editing === 'new' ? 'Product created' : 'Product updated');
      setEditing(null);
      await refresh();
    } catch (error) {
      if (error instanceof ApiRequestError && error.errors.length > 0) setErrors(error.errors);
      else toast.error(error instanceof Error ? error.message : 'Failed to save product');
    } finally {
      setSaving(false);
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      const reply = await adminApi<{ archived: boolean; message: string }>(`/products/${deleting.id}`, { method: 'DELETE' });
      toast.success(reply.archived ? 'Product archived: past orders still name it' : 'Product deleted');
      setDeleting(null);
      await refresh();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Failed to delete product');
    } finally {
      setBusy(false);
    }
  }

  async function adjust(product: AdminProduct, by: number) {
    try {
      await adminApi(`/products/${product.id}/inventory`, { method: 'PATCH', body: { adjust: by } });
      await refresh();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Failed to update inventory');
    }
  }

  const products = list.data?.products ?? [];
  const loading = list.isFetching;

  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="eyebrow">The apothecary</p>
          <h1 className="mt-1 text-2xl text-gold-bright">Product Management</h1>
          {list.data ? (
            <p className="mt-1 text-sm text-ash">
              {list.data.pagination.total} product{list.data.pagination.total === 1 ? '' : 's'}
            </p>
          ) : null}
        </div>
        <button type="button" className="btn-gold" onClick={() => (setErrors([]), setEditing('new'))}>
          Add Product
        </button>
      </div>

      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_auto_auto_auto] lg:items-center">
        <SearchField className="sm:col-span-2 lg:col-span-1" label="Search products" placeholder="Search by name or description" value={search} onChange={setSearch} />
        <label>
          <span className="sr-only">Category</span>
          <select className="field" value={category} onChange={(event) => setCategory(event.target.value)}>
            <option value="all">All categories</option>
            {(categories.data ?? []).map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="sr-only">Sort</span>
          <select className="field" value={sort} onChange={(event) => setSort(event.target.value as AdminProductSort)}>
            {ADMIN_PRODUCT_SORTS.map((key) => (
              <option key={key} value={key}>
                Sort: {sortLabels[key]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm text-ash">
          <input type="checkbox" checked={showArchived} onChange={(event) => setShowArchived(event.target.checked)} />
          Show archived
        </label>
      </div>

      {list.error ? (
        <p role="alert" className="rounded-md border border-blood/50 bg-blood/10 px-4 py-3 text-sm text-blood">
          Error: {list.error.message}
        </p>
      ) : null}

      <div className="relative min-h-40">
        {loading ? (
          <div role="status" className="absolute inset-0 z-10 flex items-start justify-center rounded-xl bg-void/60 pt-16 backdrop-blur-[1px]">
            <span className="flex items-center gap-3 rounded-full border border-shadow bg-crypt px-4 py-2 text-sm text-mist">
              <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-shadow border-t-gold" />
              Loading products...
            </span>
          </div>
        ) : null}
        {list.data && products.length === 0 ? <p className="panel p-8 text-center text-ash">No products found</p> : null}
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
          {products.map((product) => (
            <AdminProductCard
              key={product.id}
              product={product}
              categoryName={categoryName(product.category)}
              onEdit={() => (setErrors([]), setEditing(product))}
              onDelete={() => setDeleting(product)}
              onAdjust={(by) => adjust(product, by)}
            />
          ))}
        </ul>
      </div>

      <dialog ref={formDialog} aria-labelledby="product-form-title" onClose={() => setEditing(null)} className="m-auto max-h-[92vh] w-[min(96vw,52rem)] overflow-y-auto rounded-xl border border-shadow bg-crypt p-0 text-mist backdrop:bg-void/80">
        {editing ? (
          <div className="px-5 pt-5">
            <div className="mb-4 flex items-start justify-between gap-3">
              <h2 id="product-form-title" className="text-xl text-gold-bright">
                {editing === 'new' ? 'Add Product' : `Edit ${editing.name}`}
              </h2>
              <button type="button" className="rounded px-2 text-xl text-ash hover:text-mist" aria-label="Close" onClick={() => setEditing(null)}>
                ×
              </button>
            </div>
            <ProductForm
              key={editing === 'new' ? 'new' : editing.id}
              initial={productFormValues(editing === 'new' ? undefined : editing)}
              categories={categories.data ?? []}
              saving={saving}
              errors={errors}
              onSubmit={save}
              onCancel={() => setEditing(null)}
            />
          </div>
        ) : null}
      </dialog>

      <dialog ref={deleteDialog} aria-labelledby="delete-product-title" aria-describedby="delete-product-question" onClose={() => setDeleting(null)} className="m-auto w-[min(92vw,28rem)] rounded-xl border border-shadow bg-crypt p-6 text-mist backdrop:bg-void/80">
        {deleting ? (
          <>
            <h2 id="delete-product-title" className="text-lg text-gold-bright">
              Delete {deleting.name}?
            </h2>
            <p id="delete-product-question" className="mt-2 text-sm text-ash">
              {DELETE_QUESTION}
            </p>
            <div className="mt-6 flex justify-end gap-2">
              <button type="button" className="btn-ghost" onClick={() => setDeleting(null)}>
                Cancel
              </button>
              <button type="button" className="rounded-md bg-blood px-4 py-2 text-sm font-semibold text-void hover:brightness-110 disabled:opacity-60" disabled={busy} onClick={confirmDelete}>
                {busy ? 'Deleting…' : 'Delete'}
              </button>
            </div>
          </>
        ) : null}
      </dialog>
    </section>
  );
}
