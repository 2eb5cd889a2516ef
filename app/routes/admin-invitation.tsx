import { brand } from '../brand.ts';
import { InvitationPage } from '../features/admin-staff/index.ts';

export function meta() {
  return [{ title: `Staff invitation | ${brand.name}` }, { name: 'robots', content: 'noindex' }];
}

export default function AdminInvitation() {
  return <InvitationPage />;
}
