import { useEffect, useState } from 'react';
import type { AdminIdentity, AdminLoginResponse } from '../../../contracts/auth.ts';
import type { EnrolmentResponse } from '../../../contracts/staff.ts';
import { api, ApiRequestError } from '../../lib/api-client.ts';
import { ErrorSummary, TextField } from '../../components/form.tsx';
import { SecondFactorForm } from '../../components/second-factor-form.tsx';

export interface TwoFactorStepProps {
  kind: 'code' | 'enrol';
  challenge: string;
  onSignedIn(token: string, admin: AdminIdentity): void;
}

const messageOf = (caught: unknown) => (caught instanceof ApiRequestError ? caught.message : 'An error occurred. Please try again.');

/**
 * The step after the password (docs/decisions/0063): the code from the authenticator app, or, for someone who
 * has none yet, linking one (QR code, its first code) and the ten recovery codes, shown this once.
 */
export function TwoFactorStep({ kind, challenge, onSignedIn }: TwoFactorStepProps) {
  return kind === 'code' ? <CodeStep challenge={challenge} onSignedIn={onSignedIn} /> : <EnrolStep challenge={challenge} onSignedIn={onSignedIn} />;
}

function CodeStep({ challenge, onSignedIn }: Omit<TwoFactorStepProps, 'kind'>) {
  return (
    <SecondFactorForm<AdminLoginResponse>
      path="/admin/login/second-factor"
      challenge={challenge}
      onSignedIn={(response) => {
        if ('token' in response) onSignedIn(response.token, response.admin);
      }}
    />
  );
}

function EnrolStep({ challenge, onSignedIn }: Omit<TwoFactorStepProps, 'kind'>) {
  const [enrolment, setEnrolment] = useState<EnrolmentResponse | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ token: string; admin: AdminIdentity; recoveryCodes: string[] } | null>(null);

  useEffect(() => {
    api<EnrolmentResponse>('/admin/login/enrolment', { method: 'POST', body: { challenge }, token: null }).then(setEnrolment, (caught: unknown) => setError(messageOf(caught)));
  }, [challenge]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setError('Type the 6 digits your app shows');
    setBusy(true);
    setError(null);
    try {
      const response = await api<{ token: string; admin: AdminIdentity; recoveryCodes: string[] }>('/admin/login/enrolment/confirm', {
        method: 'POST',
        body: { challenge, code: code.trim() },
        token: null,
      });
      setDone(response);
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <div className="mt-6 space-y-4" data-testid="recovery-codes">
        <h2 className="text-lg text-gold-bright">Your recovery codes</h2>
        <p className="text-sm text-ash">Each works once in place of a code, if your phone is lost. They are shown only now: print them or keep them in a password manager.</p>
        <ul className="grid grid-cols-2 gap-2 rounded-md border border-shadow bg-crypt p-3 font-mono text-sm text-mist">
          {done.recoveryCodes.map((recovery) => (
            <li key={recovery}>{recovery}</li>
          ))}
        </ul>
        <button type="button" className="btn-gold w-full py-3" onClick={() => onSignedIn(done.token, done.admin)}>
          I have kept them: enter the back office
        </button>
      </div>
    );
  }

  return (
    <form className="mt-6 space-y-4" noValidate onSubmit={submit}>
      <p className="text-sm text-ash">This shop asks every staff member for a code from an authenticator app at sign-in. Scan this with the app (Google Authenticator, Microsoft Authenticator, 1Password, Aegis…), then type the code it shows.</p>
      {enrolment ? (
        <div className="flex flex-col items-center gap-2">
          <img src={`data:image/svg+xml;base64,${btoa(enrolment.qrSvg)}`} alt="QR code to scan with your authenticator app" className="h-48 w-48 rounded-md bg-white p-2" />
          <p className="text-center text-xs text-ash">
            Cannot scan? Type this key into the app: <code className="break-all text-mist" data-testid="totp-secret">{enrolment.secret}</code>
          </p>
        </div>
      ) : (
        <p role="status" className="text-sm text-ash">
          Preparing your key…
        </p>
      )}
      <TextField label="Code from the app" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(event) => (setCode(event.target.value), setError(null))} />
      <ErrorSummary>{error}</ErrorSummary>
      <button type="submit" className="btn-gold w-full py-3" disabled={busy || !enrolment}>
        {busy ? 'Checking...' : 'Link the app'}
      </button>
    </form>
  );
}
