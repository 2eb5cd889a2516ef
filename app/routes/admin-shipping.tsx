import { ShippingAdminPage } from '../features/admin-shipping/shipping-admin-page.tsx';

export function meta() {
  return [{ title: 'Shipping | Deosil Admin' }];
}

export default function AdminShipping() {
  return <ShippingAdminPage />;
}
