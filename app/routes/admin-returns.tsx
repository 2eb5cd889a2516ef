import { ReturnsAdminPage } from '../features/admin-returns/returns-admin-page.tsx';

export function meta() {
  return [{ title: 'Returns | Deosil Admin' }];
}

export default function AdminReturns() {
  return <ReturnsAdminPage />;
}
