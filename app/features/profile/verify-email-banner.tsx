import { useState } from 'react';
import type { MessageResponse, User } from '../../../contracts/auth.ts';
import { api, ApiRequestError } from '../../lib/api-client.ts';

/** Shown on the profile until the sign-in address is proven; the account works meanwhile. */
export function VerifyEmailBanner({ user }: { user: User }) {
  const [state, setState] = useState<{
    busy: boolean;
    message: string | null;
    failed: boolean;
  }>({ busy: false, message: null, failed: false });
  if (user.emailVerified) return null;

  const resend = async () => {
    setState({ busy: true, message: null, failed: false });
    try {
      const answer = await api<MessageResponse>('/auth/verify-email/resend', {
        method: 'POST',
      });
      setState({ busy: false, message: answer.message, failed: false });
    } catch (error) {
      setState({
        busy: false,
        message: error instanceof ApiRequestError ? error.message : 'Could not send the link. Please try again.',
        failed: true,
      });
    }
  };

  return (
    <section
      aria-labelledby="verify-email-title"
      className="panel mt-6 flex flex-col gap-3 border-ember/50 bg-ember/5 p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0">
        <h2 id="verify-email-title" className="font-display text-ember">
          Verify your e-mail
        </h2>
        <p className="mt-1 text-sm text-mist">
          We sent a link to <span className="text-gold-bright">{user.email}</span>. Follow it so order news and password help reach you.
        </p>
        {state.message ? (
          <p role={state.failed ? 'alert' : 'status'} className={`mt-2 text-sm ${state.failed ? 'text-blood' : 'text-gold'}`}>
            {state.message}
          </p>
        ) : null}
      </div>
      <button type="button" className="btn-ghost shrink-0 px-4 py-2 text-xs" onClick={() => void resend()} disabled={state.busy}>
        {state.busy ? 'Sending...' : 'Resend Link'}
      </button>
    </section>
  );
}
