import { ProductsAdminPage } from '../features/admin-products/products-admin-page.tsx';

export function meta() {
  return [{ title: 'Products | Deosil Admin' }];
}

export default function AdminProducts() {
  return <ProductsAdminPage />;
}
