import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminProduct, AdminProductListResponse, AdminProductSort } from '../../../contracts/admin-products.ts';
import type { Category } from '../../../contracts/products.ts';
import { adminApi, adminKeys, useAdminList, useModalDialog, useRecordEditor, useSearchQuery } from '../admin/index.ts';
import toast from '../../lib/toast.ts';
import { productBody, type ProductFormValues } from './product-form-values.ts';

const AREA = 'products';

/** The product screen's state: search, category, sort, archived, the cards, the product form and the delete question. */
export function useProductsAdmin() {
  const client = useQueryClient();
  const search = useSearchQuery();
  const [category, setCategory] = useState('all');
  const [sort, setSort] = useState<AdminProductSort>('name');
  const [showArchived, setShowArchived] = useState(false);
  const list = useAdminList<AdminProductListResponse>(AREA, '/admin/products', { sort, category, search: search.query, includeArchived: showArchived ? 'true' : undefined });
  const categories = useQuery({
    queryKey: adminKeys.list('categories'),
    queryFn: ({ signal }) => adminApi<{ categories: Category[] }>('/products/categories', { signal }).then((reply) => reply.categories),
    staleTime: 60_000,
  });
  const categoryName = (id: string) => categories.data?.find((entry) => entry.id === id)?.name ?? id;
  const refresh = () => client.invalidateQueries({ queryKey: adminKeys.area(AREA) });

  const editor = useRecordEditor<AdminProduct, ProductFormValues>({
    submit: (target, values) => {
      const body = productBody(values);
      return target === 'new' ? adminApi('/products', { method: 'POST', body }) : adminApi(`/products/${target.id}`, { method: 'PUT', body });
    },
    savedMessage: (target) => (target === 'new' ? 'Product created' : 'Product updated'),
    failedMessage: 'Failed to save product',
    onSaved: refresh,
  });

  const [deleting, setDeleting] = useState<AdminProduct | null>(null);
  const [busy, setBusy] = useState(false);
  const deleteDialog = useModalDialog(deleting !== null);

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

  return {
    search,
    category,
    setCategory,
    sort,
    setSort,
    showArchived,
    setShowArchived,
    list,
    categories: categories.data ?? [],
    categoryName,
    editor,
    deletion: { deleting, setDeleting, busy, dialog: deleteDialog, confirm: confirmDelete },
    adjust,
  };
}
