import { useId, useState, type FormEvent } from 'react';
import type { JoinWaitlistResponse } from '../../../contracts/stock-waitlist.ts';
import { authMessages, isValidEmail } from '../../../domain/accounts.ts';
import { api, ApiRequestError } from '../../lib/api-client.ts';
import { useAuth } from '../account/index.ts';

/**
 * 'Notify me when it returns' under a sold-out potion, or a sold-out size of one in stock: one address, one
 * e-mail when the shop restocks it.
 */
export function WaitlistBox({ productId, productName, size }: { productId: number; productName: string; size: string | null }) {
  const signedInEmail = useAuth((state) => state.user?.email ?? '');
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const email = typed ?? signedInEmail;
  const what = size ? `${productName} in ${size}` : productName;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = email.trim() === '' ? authMessages.emailRequired : isValidEmail(email) ? null : authMessages.emailInvalid;
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const answer = await api<JoinWaitlistResponse>('/waitlist', { method: 'POST', body: { productId, email, ...(size ? { size } : {}) } });
      setDone(answer.message);
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? failure.message : 'Could not reach the shop. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="panel border-gold/30 p-4 sm:p-5" data-testid="waitlist-box">
      <h2 id={`${id}-title`} className="font-display text-gold-bright">
        Notify me when it returns
      </h2>
      {done ? (
        <p role="status" className="mt-2 text-sm text-mist">
          {done}
        </p>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="mt-2">
          <p className="text-sm text-ash">Leave your e-mail and we will write once, when {what} is back.</p>
          <label htmlFor={`${id}-email`} className="sr-only">
            Email
          </label>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            <input
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              inputMode="email"
              className="field min-w-0 flex-1"
              placeholder="you@example.com"
              value={email}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => (setTyped(event.target.value), setError(null))}
            />
            <button type="submit" className="btn-gold shrink-0" disabled={busy}>
              {busy ? 'Saving...' : 'Notify Me'}
            </button>
          </div>
          {error ? (
            <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-blood">
              {error}
            </p>
          ) : null}
        </form>
      )}
    </section>
  );
}
