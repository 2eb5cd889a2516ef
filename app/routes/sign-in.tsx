import { useSearchParams } from 'react-router';
import { brand } from '../brand.ts';
import { AccountLinkPage } from '../features/account/account-link-page.tsx';
import { SignInLinkStatus } from '../features/account/sign-in-link-status.tsx';

export function meta() {
  return [{ title: `Sign In | ${brand.name}` }, { name: 'robots', content: 'noindex' }, { name: 'referrer', content: 'no-referrer' }];
}

export default function SignIn() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <AccountLinkPage eyebrow="☾ No password needed" title="Sign In" lead="Your e-mailed link brings you back to where you were.">
      {token ? (
        <SignInLinkStatus token={token} />
      ) : (
        <p role="alert" className="mt-6 rounded-md border border-blood/50 bg-blood/10 p-3 text-sm text-blood">
          This page needs the link from your e-mail. Ask for a new one from the sign-in window.
        </p>
      )}
    </AccountLinkPage>
  );
}
