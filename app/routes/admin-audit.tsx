import { AuditAdminPage } from '../features/admin-audit/audit-admin-page.tsx';

export function meta() {
  return [{ title: 'Audit Log | Deosil Admin' }];
}

export default function AdminAudit() {
  return <AuditAdminPage />;
}
