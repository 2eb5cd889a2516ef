import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { MessageResponse } from '../../../contracts/auth.ts';
import { authMessages, PASSWORD_MIN_LENGTH } from '../../../domain/accounts.ts';
import { ErrorSummary, TextField } from '../../components/form.tsx';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';
import { api, ApiRequestError } from '../../lib/api-client.ts';
import { useAuth } from './auth-store.ts';

interface ResetFields {
  password: string;
  confirmPassword: string;
}

/**
 * The page a reset link opens: a new password twice. The server judges the link (used, expired, altered) only
 * when the form is sent, so opening the page spends nothing.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const openDialog = useAuth((state) => state.openDialog);
  const forget = useAuth((state) => state.forget);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetFields>({
    defaultValues: { password: '', confirmPassword: '' },
  });

  const submit = handleSubmit(async (fields) => {
    setFailure(null);
    try {
      const answer = await api<MessageResponse>('/auth/reset-password', {
        method: 'POST',
        body: { token, ...fields },
      });
      // Every session of the account has ended on the server, this browser's included.
      forget();
      setDone(answer.message);
    } catch (error) {
      const refused = error instanceof ApiRequestError ? error : null;
      for (const entry of refused?.errors ?? [])
        if (entry.field === 'password' || entry.field === 'confirmPassword') setError(entry.field, { message: entry.message });
      setFailure(refused?.message ?? 'Could not reach the shop. Please try again.');
    }
  });

  if (done) {
    return (
      <div className="mt-6 space-y-4">
        <p role="status" className="rounded-md border border-gold/40 bg-gold/10 p-4 text-sm text-mist">
          {done}
        </p>
        <button type="button" className="btn-gold w-full py-3" onClick={() => openDialog('login')}>
          Sign In
        </button>
      </div>
    );
  }

  return (
    <form className="mt-6 space-y-4" noValidate onSubmit={submit}>
      <ErrorSummary>{failure}</ErrorSummary>
      <div>
        <TextField
          label="New Password"
          error={errors.password?.message}
          type="password"
          autoComplete="new-password"
          {...register('password', {
            validate: (value) => (value === '' ? authMessages.passwordRequired : value.length >= PASSWORD_MIN_LENGTH || authMessages.passwordTooShort),
          })}
        />
        <PasswordStrengthMeter password={watch('password') ?? ''} className="mt-2" />
      </div>
      <TextField
        label="Confirm New Password"
        error={errors.confirmPassword?.message}
        type="password"
        autoComplete="new-password"
        {...register('confirmPassword', {
          validate: (value, all) => (value === '' ? authMessages.confirmRequired : value === all.password || authMessages.passwordsDiffer),
        })}
      />
      <button type="submit" className="btn-gold w-full py-3" disabled={isSubmitting}>
        {isSubmitting ? 'Setting Password...' : 'Set New Password'}
      </button>
    </form>
  );
}
