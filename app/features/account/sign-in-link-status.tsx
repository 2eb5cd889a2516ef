import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import toast from '../../lib/toast.ts';
import type { LinkLoginResponse } from '../../../contracts/sign-in.ts';
import { CustomerSecondFactor, needsSecondFactor } from './customer-second-factor.tsx';
import { authMessages } from '../../../domain/accounts.ts';
import { signInMessages } from '../../../domain/sign-in.ts';
import { TextField } from '../../components/form.tsx';
import { PrivacyNotice } from '../../components/privacy-notice.tsx';
import { api, ApiRequestError, fieldMessage } from '../../lib/api-client.ts';
import { useAuth } from './auth-store.ts';

type State = { kind: 'working' } | { kind: 'name'; error?: string } | { kind: 'refused'; message: string } | { kind: 'code'; challenge: string; returnTo: string };

/**
 * What an e-mailed sign-in link opens: the link is sent to the server once (a mail client's preview fetching the
 * page spends nothing), and the shopper goes back to the page they asked from, their cart as they left it. An
 * address with no account yet is asked for a name first.
 */
export function SignInLinkStatus({ token }: { token: string }) {
  const [state, setState] = useState<State>({ kind: 'working' });
  const [name, setName] = useState('');
  const started = useRef(false);
  const signedIn = useAuth((auth) => auth.signedIn);
  const navigate = useNavigate();

  const redeem = useCallback(
    async (withName?: string) => {
      try {
        const session = await api<LinkLoginResponse>('/auth/sign-in/link/redeem', { method: 'POST', body: { token, ...(withName ? { name: withName } : {}) } });
        if (needsSecondFactor(session)) return setState({ kind: 'code', challenge: session.challenge, returnTo: session.returnTo });
        signedIn(session.token, session.user);
        toast.success(session.message);
        void navigate(session.returnTo, { replace: true });
      } catch (error) {
        if (fieldMessage(error, 'name')) setState({ kind: 'name', ...(withName ? { error: fieldMessage(error, 'name') } : {}) });
        else setState({ kind: 'refused', message: error instanceof ApiRequestError ? error.message : 'Could not reach the shop. Please reload the page.' });
      }
    },
    [token, signedIn, navigate],
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void redeem();
  }, [redeem]);

  const join = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setState({ kind: 'name', error: authMessages.nameRequired });
    setState({ kind: 'working' });
    void redeem(name.trim());
  };

  if (state.kind === 'code') {
    const { challenge, returnTo } = state;
    return <CustomerSecondFactor challenge={challenge} onSignedIn={() => void navigate(returnTo, { replace: true })} />;
  }
  if (state.kind === 'working')
    return (
      <p className="mt-6 text-ash" role="status">
        Opening the way in…
      </p>
    );
  if (state.kind === 'refused')
    return (
      <p role="alert" className="mt-6 rounded-md border border-blood/50 bg-blood/10 p-4 text-sm text-blood">
        {state.message}
      </p>
    );
  return (
    <form className="mt-6 space-y-4" noValidate onSubmit={join}>
      <p className="text-sm text-gold-bright">{signInMessages.newAccount.name}</p>
      <TextField label="Name" autoComplete="name" placeholder="Your mystical name" value={name} error={state.error} onChange={(event) => setName(event.target.value)} />
      <PrivacyNotice at="sign-up" />
      <button type="submit" className="btn-gold w-full py-3">
        Join and Sign In
      </button>
    </form>
  );
}
