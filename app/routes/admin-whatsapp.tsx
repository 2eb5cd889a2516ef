import { WhatsAppAdminPage } from '../features/admin-whatsapp/whatsapp-admin-page.tsx';

export function meta() {
  return [{ title: 'WhatsApp messages | Deosil Admin' }];
}

export default function AdminWhatsApp() {
  return <WhatsAppAdminPage />;
}
