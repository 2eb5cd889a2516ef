import { useState, type FormEvent } from 'react';
import toast from '../../lib/toast.ts';
import type { LoginResponse, MessageResponse } from '../../../contracts/auth.ts';
import { CustomerSecondFactor, needsSecondFactor } from './customer-second-factor.tsx';
import { authMessages, isValidEmail } from '../../../domain/accounts.ts';
import { phoneProblem } from '../../../domain/phone.ts';
import { SIGN_IN_CODE_PATTERN, signInMessages } from '../../../domain/sign-in.ts';
import { ErrorSummary, TextField } from '../../components/form.tsx';
import { PrivacyNotice } from '../../components/privacy-notice.tsx';
import { api, ApiRequestError } from '../../lib/api-client.ts';
import { useAuth } from './auth-store.ts';

export type PasswordlessChannel = 'code' | 'link';

type Errors = Partial<Record<'phone' | 'code' | 'name' | 'email', string>>;

/** The shopper's page, for an e-mailed link to come back to (the cart is in this browser either way). */
const hereNow = () => `${window.location.pathname}${window.location.search}`;

/**
 * 'Text me a code' and 'Email me a sign-in link': the sign-in window's ways in without a password. A code is typed
 * here, so the shopper never leaves the page (or the cart) they are on; a number with no account yet is asked
 * for a name and an e-mail once the code is right, and that makes the account.
 */
export function PasswordlessForm({ channel }: { channel: PasswordlessChannel }) {
  const signedIn = useAuth((state) => state.signedIn);
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [newAccount, setNewAccount] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);

  const heard = (error: unknown, fallback: string) => {
    if (!(error instanceof ApiRequestError)) {
      setProblem(fallback);
      return;
    }
    const named: Errors = {};
    for (const fieldError of error.errors) if (['phone', 'code', 'name', 'email'].includes(fieldError.field)) named[fieldError.field as keyof Errors] = fieldError.message;
    // A right code for a number with no account: the server asks for a name (and an e-mail) before it makes one.
    if (named.name === signInMessages.newAccount.name || named.email === signInMessages.newAccount.email) {
      setNewAccount(true);
      if (!newAccount) {
        setErrors({});
        setProblem(null);
        return;
      }
    }
    setErrors(named);
    setProblem(error.errors.length ? null : error.message);
  };

  const run = async (work: () => Promise<void>, fallback: string) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      heard(error, fallback);
    } finally {
      setBusy(false);
    }
  };

  const ask = (event?: FormEvent) => {
    event?.preventDefault();
    if (channel === 'code') {
      const wrong = phoneProblem(phone);
      if (wrong) return setErrors({ phone: wrong });
    } else if (!isValidEmail(email.trim())) return setErrors({ email: email.trim() ? authMessages.emailInvalid : authMessages.emailRequired });
    setErrors({});
    void run(async () => {
      const answer =
        channel === 'code'
          ? await api<MessageResponse>('/auth/sign-in/code', { method: 'POST', body: { phone } })
          : await api<MessageResponse>('/auth/sign-in/link', { method: 'POST', body: { email, returnTo: hereNow() } });
      setSent(answer.message);
      setCode('');
    }, 'Could not send it. Please try again.');
  };

  const enter = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!SIGN_IN_CODE_PATTERN.test(typed)) return setErrors({ code: signInMessages.code.format });
    if (newAccount && !name.trim()) return setErrors({ name: authMessages.nameRequired });
    if (newAccount && !isValidEmail(email.trim())) return setErrors({ email: email.trim() ? authMessages.emailInvalid : authMessages.emailRequired });
    setErrors({});
    void run(async () => {
      const body = { phone, code: typed, ...(newAccount ? { name: name.trim(), email: email.trim() } : {}) };
      const session = await api<LoginResponse>('/auth/sign-in/code/verify', { method: 'POST', body });
      if (needsSecondFactor(session)) return setChallenge(session.challenge);
      signedIn(session.token, session.user);
      toast.success(session.message);
    }, 'Could not sign you in. Please try again.');
  };

  if (challenge) return <CustomerSecondFactor challenge={challenge} />;

  if (channel === 'link' && sent) {
    return (
      <div role="status" className="mt-5 rounded-md border border-gold/40 bg-gold/10 p-4 text-sm text-mist">
        {sent} Open it on this device to come straight back here.
      </div>
    );
  }

  return (
    <div className="mt-5 space-y-4">
      {problem ? <ErrorSummary>{problem}</ErrorSummary> : null}
      {sent === null ? (
        <form className="space-y-4" noValidate onSubmit={ask}>
          {channel === 'code' ? (
            <TextField
              label="Mobile number"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder="98765 43210"
              hint="An Indian mobile: we text it a 6-digit code."
              value={phone}
              error={errors.phone}
              onChange={(event) => setPhone(event.target.value)}
            />
          ) : (
            <TextField
              label="Email"
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={email}
              error={errors.email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
          <button type="submit" className="btn-gold w-full py-3" disabled={busy}>
            {busy ? 'Sending...' : channel === 'code' ? 'Text Me a Code' : 'Email Me a Sign-in Link'}
          </button>
        </form>
      ) : (
        <form className="space-y-4" noValidate onSubmit={enter}>
          <p role="status" className="rounded-md border border-gold/40 bg-gold/10 p-3 text-sm text-mist">
            {sent}
          </p>
          <TextField
            label="6-digit code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            className="text-center text-xl tracking-[0.5em]"
            value={code}
            error={errors.code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          />
          {newAccount ? (
            <>
              <p className="text-sm text-gold-bright">{signInMessages.newAccount.name}</p>
              <TextField label="Name" autoComplete="name" placeholder="Your mystical name" value={name} error={errors.name} onChange={(event) => setName(event.target.value)} />
              <TextField
                label="Email"
                type="email"
                inputMode="email"
                autoComplete="email"
                placeholder="you@example.com"
                hint="For order confirmations and invoices."
                value={email}
                error={errors.email}
                onChange={(event) => setEmail(event.target.value)}
              />
              <PrivacyNotice at="sign-up" />
            </>
          ) : null}
          <button type="submit" className="btn-gold w-full py-3" disabled={busy}>
            {busy ? 'Entering the Realm...' : newAccount ? 'Join and Sign In' : 'Sign In'}
          </button>
          <p className="text-center text-sm text-ash">
            No text?{' '}
            <button type="button" className="text-gold underline-offset-4 hover:text-gold-bright hover:underline" disabled={busy} onClick={() => ask()}>
              Send a new code
            </button>
          </p>
        </form>
      )}
    </div>
  );
}
