import { brand } from '../brand.ts';
import { AdminSignInPage } from '../features/admin/admin-sign-in-page.tsx';

export function meta() {
  return [{ title: `Admin Sign In | ${brand.name}` }, { name: 'robots', content: 'noindex' }];
}

export default function AdminLogin() {
  return <AdminSignInPage />;
}
