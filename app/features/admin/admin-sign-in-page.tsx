import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AdminIdentity, AdminLoginResponse, DemoAdminResponse } from '../../../contracts/auth.ts';
import { homeFor } from './admin-sections.ts';
import { TwoFactorStep } from './two-factor-step.tsx';
import { isValidEmail } from '../../../domain/accounts.ts';
import { adminKeys } from './admin-keys.ts';
import { useAdminSession } from './admin-session.ts';
import { api, ApiRequestError } from '../../lib/api-client.ts';
import { ErrorSummary, Field, TextField } from '../../components/form.tsx';

/** The back office's sign-in: the demo admin's credentials when the shop runs in demo mode, then the portal. */
export function AdminSignInPage() {
  const navigate = useNavigate();
  const { status, admin, signedIn, restore } = useAdminSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<{ kind: 'code' | 'enrol'; challenge: string } | null>(null);
  const demo = useQuery({ queryKey: adminKeys.area('demo-admin'), queryFn: () => api<DemoAdminResponse>('/auth/demo-admin'), staleTime: Infinity });

  useEffect(() => {
    void restore();
  }, [restore]);
  useEffect(() => {
    if (status === 'ready' && admin) void navigate(homeFor(admin.permissions ?? []), { replace: true });
  }, [status, admin, navigate]);

  const enter = (token: string, identity: AdminIdentity) => {
    signedIn(token, identity);
    void navigate(homeFor(identity.permissions), { replace: true });
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) return setError('Please enter your email and password');
    if (!isValidEmail(email)) return setError('Please enter a valid email');
    setBusy(true);
    setError(null);
    try {
      const response = await api<AdminLoginResponse>('/admin/login', { method: 'POST', body: { email, password }, token: null });
      if ('twoFactor' in response) return setStep({ kind: response.twoFactor, challenge: response.challenge });
      enter(response.token, response.admin);
    } catch (caught) {
      setError(caught instanceof ApiRequestError ? caught.message || 'Invalid credentials' : 'An error occurred. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="fixed inset-0 z-[45] flex items-center justify-center overflow-y-auto bg-void p-4">
      <div className="w-full max-w-md">
        <Link to="/" className="mb-6 inline-flex items-center gap-2 text-sm text-ash hover:text-gold-bright">
          ← Back to the shop
        </Link>
        <div className="panel border-gold/30 p-6 sm:p-8">
          <p className="eyebrow text-center">✦ The Inner Sanctum</p>
          <h1 className="mt-2 text-center text-2xl text-gold-bright">Admin Portal</h1>
          <p className="mt-1 text-center text-sm text-ash">Sign in to control the realm</p>
          {step ? <TwoFactorStep kind={step.kind} challenge={step.challenge} onSignedIn={enter} /> : null}
          <form className="mt-6 space-y-4" noValidate onSubmit={submit} hidden={!!step}>
            <TextField label="Email" type="email" autoComplete="username" value={email} onChange={(event) => (setEmail(event.target.value), setError(null))} />
            <Field label="Password">
              {(control) => (
                <div className="relative">
                  <input
                    {...control}
                    type={showPassword ? 'text' : 'password'}
                    autoComplete="current-password"
                    className="field pr-16"
                    value={password}
                    onChange={(event) => (setPassword(event.target.value), setError(null))}
                  />
                  <button type="button" className="absolute inset-y-0 right-2 px-2 text-xs text-orchid hover:text-gold-bright" onClick={() => setShowPassword((value) => !value)} aria-pressed={showPassword}>
                    {showPassword ? 'Hide' : 'Show'}
                    <span className="sr-only"> password</span>
                  </button>
                </div>
              )}
            </Field>
            <ErrorSummary>{error}</ErrorSummary>
            <button type="submit" className="btn-gold w-full py-3" disabled={busy}>
              {busy ? 'Signing In...' : 'Sign In'}
            </button>
          </form>
          {demo.data?.demo ? (
            <div className="mt-6 rounded-md border border-amethyst/40 bg-amethyst/10 p-3 text-sm" data-testid="demo-credentials">
              <p className="font-display text-xs tracking-widest text-orchid">DEMO CREDENTIALS</p>
              <p className="mt-1 text-ash">
                Email: <span className="text-mist">{demo.data.demo.email}</span>
              </p>
              <p className="text-ash">
                Password: <span className="text-mist">{demo.data.demo.password}</span>
              </p>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}
