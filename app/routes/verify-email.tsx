import { useSearchParams } from 'react-router';
import { brand } from '../brand.ts';
import { AccountLinkPage } from '../features/account/account-link-page.tsx';
import { VerifyEmailStatus } from '../features/account/verify-email-status.tsx';

export function meta() {
  return [{ title: `Verify Your E-mail | ${brand.name}` }, { name: 'robots', content: 'noindex' }, { name: 'referrer', content: 'no-referrer' }];
}

export default function VerifyEmail() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <AccountLinkPage eyebrow="✦ Proof of address" title="Verify Your E-mail" lead="Order news and password help reach only a proven address.">
      {token ? (
        <VerifyEmailStatus token={token} />
      ) : (
        <p role="alert" className="mt-6 rounded-md border border-blood/50 bg-blood/10 p-3 text-sm text-blood">
          This page needs the link from your e-mail. Send a new one from your profile.
        </p>
      )}
    </AccountLinkPage>
  );
}
