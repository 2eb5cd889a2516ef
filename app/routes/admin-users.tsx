import { UsersAdminPage } from '../features/admin-users/users-admin-page.tsx';

export default function AdminUsers() {
  return <UsersAdminPage />;
}
