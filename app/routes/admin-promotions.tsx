import { PromotionsAdminPage } from '../features/admin-promotions/promotions-admin-page.tsx';

export function meta() {
  return [{ title: 'Promotions | Deosil Admin' }];
}

export default function AdminPromotions() {
  return <PromotionsAdminPage />;
}
