import { SmsAdminPage } from '../features/admin-sms/sms-admin-page.tsx';

export function meta() {
  return [{ title: 'Text messages | Deosil Admin' }];
}

export default function AdminSms() {
  return <SmsAdminPage />;
}
