import { RecoveryAdminPage } from '../features/admin-recovery/recovery-admin-page.tsx';

export function meta() {
  return [{ title: 'Recovery | Deosil Admin' }];
}

export default function AdminRecovery() {
  return <RecoveryAdminPage />;
}
