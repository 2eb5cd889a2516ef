import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Category, Product } from '../../../contracts/products.ts';
import type { AdminPromotion } from '../../../contracts/promotions.ts';
import { PAGE_SIZE_MAX } from '../../../contracts/products.ts';
import toast from '../../lib/toast.ts';
import { adminApi, adminKeys, useAdminList, useRecordEditor } from '../admin/index.ts';
import { promotionBody, type PromotionFormValues } from './promotion-form.tsx';

const AREA = 'promotions';

/** The promotions screen's state: the list with its figures, the one open in the form, pausing and resuming. */
export function usePromotionsAdmin() {
  const client = useQueryClient();
  const list = useAdminList<{ promotions: AdminPromotion[] }>(AREA, '/admin/promotions');
  const refresh = () => client.invalidateQueries({ queryKey: adminKeys.area(AREA) });
  const catalogue = useQuery({
    queryKey: adminKeys.list('promotion-catalogue'),
    queryFn: async ({ signal }) => {
      const [categories, products] = await Promise.all([
        adminApi<{ categories: Category[] }>('/products/categories', { signal }),
        adminApi<{ products: Product[] }>(`/products?limit=${PAGE_SIZE_MAX}`, { signal }),
      ]);
      return { categories: categories.categories, products: products.products };
    },
  });

  const editor = useRecordEditor<AdminPromotion, PromotionFormValues>({
    submit: (target, values) =>
      target === 'new'
        ? adminApi('/admin/promotions', { method: 'POST', body: promotionBody(values, false) })
        : adminApi(`/admin/promotions/${target.id}`, { method: 'PUT', body: promotionBody(values, true) }),
    savedMessage: () => 'Promotion saved',
    failedMessage: 'Failed to save promotion',
    onSaved: refresh,
  });

  async function setPaused(promotion: AdminPromotion, paused: boolean) {
    try {
      await adminApi(`/admin/promotions/${promotion.id}/paused`, { method: 'PATCH', body: { paused } });
      await refresh();
    } catch {
      toast.error(paused ? 'Failed to pause the promotion' : 'Failed to resume the promotion');
    }
  }

  return { list, promotions: list.data?.promotions, catalogue: catalogue.data ?? { categories: [], products: [] }, editor, setPaused };
}
