import { OrdersAdminPage } from '../features/admin-orders/orders-admin-page.tsx';

export function meta() {
  return [{ title: 'Orders | Deosil Admin' }];
}

export default function AdminOrders() {
  return <OrdersAdminPage />;
}
