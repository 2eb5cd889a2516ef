import { useEffect, useState, type FormEvent } from 'react';
import type { EnrolmentResponse, TwoFactorStatusResponse } from '../../../contracts/staff.ts';
import type { MessageResponse } from '../../../contracts/auth.ts';
import { ErrorSummary, TextField } from '../../components/form.tsx';
import { api, ApiRequestError } from '../../lib/api-client.ts';
import toast from '../../lib/toast.ts';

type Step = { kind: 'loading' } | { kind: 'off' } | { kind: 'linking'; enrolment: EnrolmentResponse } | { kind: 'codes'; codes: string[] } | { kind: 'on'; left: number } | { kind: 'turning-off'; left: number };

const messageOf = (caught: unknown) => (caught instanceof ApiRequestError ? caught.message : 'Could not reach the shop. Please try again.');

/**
 * Profile → Security: optional two-factor sign-in (docs/decisions/0071). On: a QR code for the authenticator app,
 * its first code, then the ten recovery codes shown this once. Off: the password and a code.
 */
export function TwoFactorSection() {
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = () =>
    api<TwoFactorStatusResponse>('/auth/two-factor').then(
      (status) => setStep(status.enabled ? { kind: 'on', left: status.recoveryCodesLeft } : { kind: 'off' }),
      (caught: unknown) => setError(messageOf(caught)),
    );
  useEffect(() => void load(), []);

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };
  const begin = () => act(async () => setStep({ kind: 'linking', enrolment: await api<EnrolmentResponse>('/auth/two-factor', { method: 'POST' }) }));
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setError('Type the 6 digits your app shows');
    void act(async () => {
      const answer = await api<{ recoveryCodes: string[] }>('/auth/two-factor/confirm', { method: 'POST', body: { code: code.trim() } });
      setCode('');
      setStep({ kind: 'codes', codes: answer.recoveryCodes });
    });
  };
  const turnOff = (event: FormEvent) => {
    event.preventDefault();
    if (!password || !code.trim()) return setError('Type your password and a code from your app (or a recovery code)');
    void act(async () => {
      const answer = await api<MessageResponse>('/auth/two-factor/off', { method: 'POST', body: { password, code: code.trim() } });
      setPassword('');
      setCode('');
      toast.success(answer.message);
      setStep({ kind: 'off' });
    });
  };

  return (
    <section aria-labelledby="two-factor" className="panel p-5 sm:p-6" data-testid="two-factor-section">
      <h2 id="two-factor" className="text-lg text-gold-bright">
        Two-factor sign-in
      </h2>
      <p className="text-sm text-ash">
        Optional. With it on, signing in asks for a code from an authenticator app on your phone after your password, texted code or sign-in link.
      </p>
      {step.kind === 'loading' ? (
        <p role="status" className="mt-4 text-sm text-ash">
          Checking…
        </p>
      ) : null}
      {step.kind === 'off' ? (
        <button type="button" className="btn-gold mt-4 px-6 py-2.5" disabled={busy} onClick={() => void begin()}>
          Turn On Two-factor Sign-in
        </button>
      ) : null}
      {step.kind === 'linking' ? (
        <form className="mt-4 grid gap-4 sm:max-w-md" noValidate onSubmit={confirm}>
          <p className="text-sm text-mist">Scan this with your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Aegis…), then type the code it shows.</p>
          <img src={`data:image/svg+xml;base64,${btoa(step.enrolment.qrSvg)}`} alt="QR code to scan with your authenticator app" className="h-48 w-48 rounded-md bg-white p-2" />
          <p className="text-xs text-ash">
            Cannot scan? Type this key into the app: <code className="break-all text-mist" data-testid="totp-secret">{step.enrolment.secret}</code>
          </p>
          <TextField label="Code from the app" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(event) => (setCode(event.target.value), setError(null))} />
          <button type="submit" className="btn-gold py-2.5" disabled={busy}>
            {busy ? 'Checking...' : 'Link the App'}
          </button>
        </form>
      ) : null}
      {step.kind === 'codes' ? (
        <div className="mt-4 grid gap-3 sm:max-w-md" data-testid="recovery-codes">
          <p role="status" className="text-sm text-mist">
            Two-factor sign-in is on. These recovery codes each work once in place of a code if your phone is lost. They are shown only now: print them or keep them in a password manager.
          </p>
          <ul className="grid grid-cols-2 gap-2 rounded-md border border-shadow bg-crypt p-3 font-mono text-sm text-mist">
            {step.codes.map((recovery) => (
              <li key={recovery}>{recovery}</li>
            ))}
          </ul>
          <button type="button" className="btn-ghost py-2.5" onClick={() => void load()}>
            I Have Kept Them
          </button>
        </div>
      ) : null}
      {step.kind === 'on' ? (
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <p className="text-sm text-mist">
            <span className="text-gold-bright">On.</span> {step.left} of 10 recovery codes left.
          </p>
          <button type="button" className="btn-ghost px-5 py-2" onClick={() => setStep({ kind: 'turning-off', left: step.left })}>
            Turn Off
          </button>
        </div>
      ) : null}
      {step.kind === 'turning-off' ? (
        <form className="mt-4 grid gap-4 sm:max-w-md" noValidate onSubmit={turnOff}>
          <TextField label="Password" type="password" autoComplete="current-password" value={password} onChange={(event) => (setPassword(event.target.value), setError(null))} />
          <TextField label="Code from the app, or a recovery code" autoComplete="one-time-code" value={code} onChange={(event) => (setCode(event.target.value), setError(null))} />
          <div className="flex gap-3">
            <button type="submit" className="btn-gold flex-1 py-2.5" disabled={busy}>
              {busy ? 'Checking...' : 'Turn Off Two-factor Sign-in'}
            </button>
            <button type="button" className="btn-ghost px-5 py-2.5" onClick={() => setStep({ kind: 'on', left: step.left })}>
              Keep It On
            </button>
          </div>
        </form>
      ) : null}
      <ErrorSummary className="mt-4">{error}</ErrorSummary>
    </section>
  );
}
