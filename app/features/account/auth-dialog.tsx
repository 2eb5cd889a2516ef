import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from '../../lib/toast.ts';
import type { LoginResponse, MessageResponse, SessionResponse } from '../../../contracts/auth.ts';
import { CustomerSecondFactor, needsSecondFactor } from './customer-second-factor.tsx';
import { authMessages, BIRTH_SIGNS, isValidEmail, PASSWORD_MIN_LENGTH } from '../../../domain/accounts.ts';
import { CheckboxField, ErrorSummary, SelectField, TextField } from '../../components/form.tsx';
import { PrivacyNotice } from '../../components/privacy-notice.tsx';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';
import { PasswordlessForm } from './passwordless-form.tsx';
import { api, ApiRequestError } from '../../lib/api-client.ts';
import { useAuth, type AuthMode } from './auth-store.ts';

interface AuthFields {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  birthSign: string;
  newsletter: boolean;
}

const EMPTY: AuthFields = { name: '', email: '', password: '', confirmPassword: '', birthSign: '', newsletter: false };

/** The dialog's own third mode: asking for a reset link, reached from 'Forgot password?' in sign-in. */
type DialogMode = AuthMode | 'forgot';

const titles: Record<DialogMode, { eyebrow: string; title: string; button: string; busy: string; lead: string }> = {
  login: { eyebrow: '☾ Return', title: 'Welcome Back, Mystic', button: 'Enter the Mystical Realm', busy: 'Entering the Realm...', lead: 'Sign in to your account' },
  register: { eyebrow: '✦ Initiation', title: 'Join the Coven', button: 'Join the Magical Coven', busy: 'Creating Your Account...', lead: 'Create your mystical account' },
  code: { eyebrow: '☾ No password needed', title: 'Sign In With a Code', button: '', busy: '', lead: 'We text a 6-digit code to your mobile. New here? The code makes your account.' },
  link: { eyebrow: '☾ No password needed', title: 'Sign In With a Link', button: '', busy: '', lead: 'We e-mail you a link that signs you in. New here? The link makes your account.' },
  forgot: {
    eyebrow: '☾ Lost words',
    title: 'Forgot Your Password?',
    button: 'Send Reset Link',
    busy: 'Sending...',
    lead: 'Enter the e-mail of your account and we will send a link to choose a new password.',
  },
};


/**
 * The sign-in and join dialog: one modal, two modes. The account host mounts it afresh every time it opens and
 * loads this module (with the form library) only then.
 */
export function AuthDialog({ initialMode }: { initialMode: AuthMode }) {
  const [mode, setMode] = useState<DialogMode>(initialMode);
  const [serverError, setServerError] = useState<string | null>(null);
  const [resetSent, setResetSent] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);
  const closeDialog = useAuth((state) => state.closeDialog);
  const signedIn = useAuth((state) => state.signedIn);
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    watch,
    reset,
    clearErrors,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AuthFields>({ defaultValues: EMPTY, mode: 'onSubmit', reValidateMode: 'onSubmit' });
  const password = watch('password');

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    dialogRef.current?.querySelector<HTMLInputElement>('input')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeDialog();
      if (event.key !== 'Tab' || !dialogRef.current) return;
      // Keep keyboard focus inside the open dialog.
      const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>('button, input, select, a[href]')].filter((element) => !element.hasAttribute('disabled'));
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [closeDialog]);

  const switchMode = (next: DialogMode) => {
    setMode(next);
    setServerError(null);
    setResetSent(null);
    reset(EMPTY);
  };

  const onSubmit = handleSubmit(async (fields) => {
    setServerError(null);
    if (mode === 'forgot') {
      try {
        const answer = await api<MessageResponse>('/auth/forgot-password', { method: 'POST', body: { email: fields.email } });
        setResetSent(answer.message);
      } catch (error) {
        if (error instanceof ApiRequestError) for (const fieldError of error.errors) if (fieldError.field === 'email') setError('email', { message: fieldError.message });
        setServerError(error instanceof ApiRequestError ? error.message : 'Could not send the link. Please try again.');
      }
      return;
    }
    try {
      const body =
        mode === 'login'
          ? { email: fields.email, password: fields.password }
          : {
              name: fields.name,
              email: fields.email,
              password: fields.password,
              confirmPassword: fields.confirmPassword,
              birthSign: fields.birthSign || undefined,
              preferences: { favoriteScents: [], intensityPreference: '', budgetRange: '', newsletter: fields.newsletter },
            };
      const session = await api<SessionResponse | LoginResponse>(mode === 'login' ? '/auth/login' : '/auth/register', { method: 'POST', body });
      if (needsSecondFactor(session)) return setChallenge(session.challenge);
      signedIn(session.token, session.user);
      toast.success(session.message);
    } catch (error) {
      if (error instanceof ApiRequestError) {
        for (const fieldError of error.errors) {
          if (fieldError.field in EMPTY) setError(fieldError.field as keyof AuthFields, { message: fieldError.message });
        }
        setServerError(error.message || (mode === 'login' ? 'Login failed' : 'Registration failed'));
      } else {
        setServerError(mode === 'login' ? 'Invalid credentials. Please try again.' : 'Registration failed. Please try again.');
      }
    }
  });

  const clearOnEdit = (field: keyof AuthFields) => ({ onChange: () => clearErrors(field) });
  const copy = titles[mode];
  const noAccount = mode === 'login' && serverError?.includes('No account found');
  const taken = mode === 'register' && serverError?.includes('already exists');

  return (
    // Auto margins centre the dialog when it fits and let it scroll from its top when it is taller than the window
    // (the join form with its password-free choices is, at 1280 × 800): centring with align-items would push its
    // top, and the Close button, out of reach.
    <div className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-black/75 p-4 backdrop-blur-sm" onMouseDown={(event) => event.target === event.currentTarget && closeDialog()} data-testid="auth-backdrop">
      <div ref={dialogRef} role="dialog" aria-modal="true" aria-labelledby={titleId} className="panel relative my-8 w-full max-w-md border-gold/30 bg-night p-6 sm:my-auto sm:p-8">
        <button type="button" onClick={closeDialog} aria-label="Close" className="absolute top-3 right-3 rounded p-2 text-ash hover:text-gold-bright">
          <span aria-hidden="true" className="text-xl leading-none">×</span>
        </button>
        <p className="eyebrow text-center">{copy.eyebrow}</p>
        <h2 id={titleId} className="mt-2 text-center text-2xl text-gold-bright">
          {copy.title}
        </h2>
        <p className="mt-1 text-center text-sm text-ash">{copy.lead}</p>

        {serverError ? (
          <ErrorSummary className="mt-5">
            {noAccount ? 'No account found with this email. Would you like to create an account instead?' : taken ? 'An account with this email already exists. Please sign in instead.' : serverError}
            {noAccount ? (
              <button type="button" className="btn-ghost mt-3 w-full py-2" onClick={() => switchMode('register')}>
                Create Account Instead
              </button>
            ) : null}
            {taken ? (
              <button type="button" className="btn-ghost mt-3 w-full py-2" onClick={() => switchMode('login')}>
                Sign In Instead
              </button>
            ) : null}
          </ErrorSummary>
        ) : null}

        {challenge ? (
          <CustomerSecondFactor challenge={challenge} />
        ) : mode === 'code' || mode === 'link' ? (
          <PasswordlessForm channel={mode} />
        ) : resetSent ? (
          <div role="status" className="mt-5 rounded-md border border-gold/40 bg-gold/10 p-4 text-sm text-mist">
            {resetSent}
          </div>
        ) : (
          <form className="mt-5 space-y-4" noValidate onSubmit={onSubmit}>
            {mode === 'register' ? (
              <TextField
                label="Name"
                error={errors.name?.message}
                autoComplete="name"
                placeholder="Your mystical name"
                {...register('name', { validate: (value) => value.trim() !== '' || authMessages.nameRequired, ...clearOnEdit('name') })}
              />
            ) : null}
            <TextField
              label="Email"
              error={errors.email?.message}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
              {...register('email', {
                validate: (value) => (value.trim() === '' ? authMessages.emailRequired : isValidEmail(value) || authMessages.emailInvalid),
                ...clearOnEdit('email'),
              })}
            />
            {mode === 'forgot' ? null : (
              <TextField
                label="Password"
                error={errors.password?.message}
                type="password"
                autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
                placeholder="••••••••"
                {...register('password', {
                  validate: (value) => (value === '' ? authMessages.passwordRequired : value.length >= PASSWORD_MIN_LENGTH || authMessages.passwordTooShort),
                  ...clearOnEdit('password'),
                })}
              />
            )}
            {mode === 'login' ? (
              <p className="-mt-2 text-right text-sm">
                <button type="button" className="text-gold underline-offset-4 hover:text-gold-bright hover:underline" onClick={() => switchMode('forgot')}>
                  Forgot password?
                </button>
              </p>
            ) : null}
            {mode === 'register' && password ? (
              <PasswordStrengthMeter password={password} />
            ) : null}
            {mode === 'register' ? (
              <>
                <TextField
                  label="Confirm Password"
                  error={errors.confirmPassword?.message}
                  type="password"
                  autoComplete="new-password"
                  placeholder="••••••••"
                  {...register('confirmPassword', {
                    validate: (value, all) => (value === '' ? authMessages.confirmRequired : value === all.password || authMessages.passwordsDiffer),
                    ...clearOnEdit('confirmPassword'),
                  })}
                />
                <SelectField label="Birth Sign" error={errors.birthSign?.message} {...register('birthSign', clearOnEdit('birthSign'))}>
                  <option value="">Select your sign</option>
                  {BIRTH_SIGNS.map((sign) => (
                    <option key={sign} value={sign}>
                      {sign}
                    </option>
                  ))}
                </SelectField>
                <CheckboxField
                  label="Send me the newsletter: new potions, rituals and festival offers"
                  fieldClassName="flex cursor-pointer items-start gap-3 text-sm text-mist"
                  className="mt-0.5 h-5 w-5 shrink-0 accent-gold"
                  {...register('newsletter')}
                />
                <PrivacyNotice at="sign-up" />
              </>
            ) : null}
            <button type="submit" className="btn-gold w-full py-3" disabled={isSubmitting}>
              {isSubmitting ? copy.busy : copy.button}
            </button>
          </form>
        )}
        {!challenge && (mode === 'login' || mode === 'register') ? <PasswordlessChoices onChoose={switchMode} /> : null}
        <p className="mt-5 text-center text-sm text-ash">
          {mode === 'login' ? 'New to the coven? ' : mode === 'forgot' ? 'Remembered it? ' : mode === 'register' ? 'Already a member? ' : 'Have a password? '}
          <button type="button" className="text-gold-bright underline-offset-4 hover:underline" onClick={() => switchMode(mode === 'login' ? 'register' : 'login')}>
            {mode === 'login' ? 'Join the Coven' : mode === 'code' || mode === 'link' ? 'Use a Password' : 'Sign In'}
          </button>
        </p>
      </div>
    </div>
  );
}

/** The ways in without a password, offered under the password forms: a first-time shopper never has to choose one. */
function PasswordlessChoices({ onChoose }: { onChoose: (mode: 'code' | 'link') => void }) {
  return (
    <div className="mt-5">
      <p className="flex items-center gap-3 text-xs tracking-widest text-ash uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-shadow" />
        or, without a password
        <span className="h-px flex-1 bg-shadow" />
      </p>
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        <button type="button" className="btn-ghost w-full py-2.5" onClick={() => onChoose('code')}>
          Text Me a Code
        </button>
        <button type="button" className="btn-ghost w-full py-2.5" onClick={() => onChoose('link')}>
          Email Me a Sign-in Link
        </button>
      </div>
    </div>
  );
}
