import { useSearchParams } from 'react-router';
import { brand } from '../brand.ts';
import { AccountLinkPage } from '../features/account/account-link-page.tsx';
import { ResetPasswordForm } from '../features/account/reset-password-form.tsx';

export function meta() {
  // The address carries a secret: no index, and no referrer to any page it links to.
  return [{ title: `Choose a New Password | ${brand.name}` }, { name: 'robots', content: 'noindex' }, { name: 'referrer', content: 'no-referrer' }];
}

export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <AccountLinkPage eyebrow="☾ A new key" title="Choose a New Password" lead="Setting it signs your account out on every device.">
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <p role="alert" className="mt-6 rounded-md border border-blood/50 bg-blood/10 p-3 text-sm text-blood">
          This page needs the link from your e-mail. Ask for a new one with 'Forgot password?' in the sign-in window.
        </p>
      )}
    </AccountLinkPage>
  );
}
