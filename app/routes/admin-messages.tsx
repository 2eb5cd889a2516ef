import { MessagesAdminPage } from '../features/admin-messages/messages-admin-page.tsx';

export function meta() {
  return [{ title: 'Messages | Deosil Admin' }];
}

export default function AdminMessages() {
  return <MessagesAdminPage />;
}
