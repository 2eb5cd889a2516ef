import { brand } from '../brand.ts';
import { useAuth } from '../features/account/auth-store.ts';
import { RequireCustomer } from '../features/account/require-customer.tsx';
import { ProfilePage } from '../features/profile/profile-page.tsx';

export function meta() {
  return [{ title: `Your Profile | ${brand.name}` }, { name: 'robots', content: 'noindex' }];
}

export default function Profile() {
  return (
    <RequireCustomer title="Your profile">
      <SignedInProfile />
    </RequireCustomer>
  );
}

function SignedInProfile() {
  const user = useAuth((state) => state.user);
  return user ? <ProfilePage user={user} /> : null;
}
