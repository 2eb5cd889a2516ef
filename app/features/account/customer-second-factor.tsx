import type { SessionResponse } from '../../../contracts/auth.ts';
import { SecondFactorForm } from '../../components/second-factor-form.tsx';
import toast from '../../lib/toast.ts';
import { useAuth } from './auth-store.ts';

/** An answer to a first factor that asks for the authenticator's code instead of giving a session. */
export const needsSecondFactor = (answer: object): answer is { twoFactor: 'code'; challenge: string } => 'twoFactor' in answer && 'challenge' in answer;

/** The shop's code step after a password, a texted code or a sign-in link, for an account with two-factor sign-in on. */
export function CustomerSecondFactor({ challenge, onSignedIn }: { challenge: string; onSignedIn?: () => void }) {
  const signedIn = useAuth((state) => state.signedIn);
  return (
    <SecondFactorForm<SessionResponse>
      path="/auth/login/second-factor"
      challenge={challenge}
      onSignedIn={(session) => {
        signedIn(session.token, session.user);
        toast.success(session.message);
        onSignedIn?.();
      }}
    />
  );
}
