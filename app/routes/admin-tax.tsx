import { TaxAdminPage } from '../features/admin-tax/tax-admin-page.tsx';

export function meta() {
  return [{ title: 'Tax Report | Deosil Admin' }];
}

export default function AdminTax() {
  return <TaxAdminPage />;
}
