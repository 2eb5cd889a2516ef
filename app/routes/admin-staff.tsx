import { StaffAdminPage } from '../features/admin-staff/index.ts';

export function meta() {
  return [{ title: 'Staff | Deosil Admin' }];
}

export default function AdminStaff() {
  return <StaffAdminPage />;
}
