import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { MessageResponse, MeResponse } from '../../../contracts/auth.ts';
import { api, ApiRequestError } from '../../lib/api-client.ts';
import { useAuth } from './auth-store.ts';

type State = { kind: 'working' } | { kind: 'done'; message: string } | { kind: 'refused'; message: string };

/** What a verification link opens: the link is sent to the server once, and the answer shown. */
export function VerifyEmailStatus({ token }: { token: string }) {
  const [state, setState] = useState<State>({ kind: 'working' });
  const sent = useRef(false);
  const setUser = useAuth((state) => state.setUser);
  const signedIn = useAuth((state) => Boolean(state.token));

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    api<MessageResponse>('/auth/verify-email', {
      method: 'POST',
      body: { token },
    })
      .then(async (answer) => {
        setState({ kind: 'done', message: answer.message });
        // A signed-in tab drops its 'verify your e-mail' banner at once.
        if (signedIn) setUser((await api<MeResponse>('/auth/me')).user);
      })
      .catch((error: unknown) =>
        setState({
          kind: 'refused',
          message: error instanceof ApiRequestError ? error.message : 'Could not reach the shop. Please reload the page.',
        }),
      );
  }, [token, setUser, signedIn]);

  if (state.kind === 'working')
    return (
      <p className="mt-6 text-ash" role="status">
        Checking your link…
      </p>
    );
  return (
    <div className="mt-6 space-y-4">
      <p
        role={state.kind === 'done' ? 'status' : 'alert'}
        className={`rounded-md border p-4 text-sm ${state.kind === 'done' ? 'border-gold/40 bg-gold/10 text-mist' : 'border-blood/50 bg-blood/10 text-blood'}`}
      >
        {state.message}
      </p>
      <Link to={state.kind === 'done' ? '/products' : '/profile'} className="btn-gold block w-full py-3 text-center">
        {state.kind === 'done' ? 'Explore the Potions' : 'Go to Your Profile'}
      </Link>
    </div>
  );
}
