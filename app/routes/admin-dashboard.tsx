import { DashboardAdminPage } from '../features/admin-dashboard/dashboard-admin-page.tsx';

export function meta() {
  return [{ title: 'Dashboard | Deosil Admin' }];
}

export default function AdminDashboard() {
  return <DashboardAdminPage />;
}
