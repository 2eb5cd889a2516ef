import { useState } from 'react';
import { api, ApiRequestError } from '../lib/api-client.ts';
import { ErrorSummary, TextField } from './form.tsx';

export interface SecondFactorFormProps<T> {
  /** The code step's endpoint: the shop's or the back office's. */
  path: string;
  challenge: string;
  onSignedIn(response: T): void;
}

/**
 * The step after the first factor (docs/decisions/0063, 0071), the same for shoppers and staff: the 6-digit code
 * from the authenticator app, or a recovery code.
 */
export function SecondFactorForm<T>({ path, challenge, onSignedIn }: SecondFactorFormProps<T>) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError('Type the code your authenticator app shows');
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await api<T>(path, { method: 'POST', body: { challenge, code }, token: null }));
    } catch (caught) {
      setError(caught instanceof ApiRequestError ? caught.message : 'An error occurred. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="mt-6 space-y-4" noValidate onSubmit={submit} data-testid="second-factor-form">
      <p className="text-sm text-ash">Open your authenticator app and type the 6-digit code it shows for Deosil Perfumes. Lost your phone? Type one of your recovery codes instead.</p>
      <TextField label="Authentication code" inputMode="text" autoComplete="one-time-code" autoFocus value={code} onChange={(event) => (setCode(event.target.value), setError(null))} />
      <ErrorSummary>{error}</ErrorSummary>
      <button type="submit" className="btn-gold w-full py-3" disabled={busy}>
        {busy ? 'Checking...' : 'Verify and sign in'}
      </button>
    </form>
  );
}
