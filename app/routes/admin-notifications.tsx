import { NotificationsAdminPage } from '../features/admin-notifications/notifications-admin-page.tsx';

export default function AdminNotifications() {
  return <NotificationsAdminPage />;
}
