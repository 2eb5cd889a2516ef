import { EmailsAdminPage } from '../features/admin-emails/emails-admin-page.tsx';

export function meta() {
  return [{ title: 'E-mails | Deosil Admin' }];
}

export default function AdminEmails() {
  return <EmailsAdminPage />;
}
