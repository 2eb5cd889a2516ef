import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from '../../lib/toast.ts';
import type { MeResponse, MessageResponse, User } from '../../../contracts/auth.ts';
import { authMessages, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../domain/accounts.ts';
import { api, ApiRequestError } from '../../lib/api-client.ts';
import { useAuth } from '../account/index.ts';
import { CheckboxField, ErrorSummary, TextField } from '../../components/form.tsx';
import { PROFILE_UPDATE_FAILED } from './profile-details.tsx';
import { WhatsAppUpdates } from '../whatsapp/index.ts';
import { TwoFactorSection } from './two-factor-section.tsx';

type PreferenceKey = 'newsletter' | 'smsNotifications' | 'orderUpdates';
const PREFERENCES: { key: PreferenceKey; label: string; hint: string }[] = [
  { key: 'newsletter', label: 'Newsletter', hint: 'New potions, rituals and festival offers by e-mail' },
  { key: 'smsNotifications', label: 'SMS Notifications', hint: 'Text messages about your orders and offers' },
  { key: 'orderUpdates', label: 'Order Updates', hint: 'Tell me when my order is brewed, shipped and delivered' },
];

function Preferences({ user }: { user: User }) {
  const setUser = useAuth((state) => state.setUser);
  const [values, setValues] = useState<Record<PreferenceKey, boolean>>({
    newsletter: user.preferences.newsletter,
    smsNotifications: user.preferences.smsNotifications,
    orderUpdates: user.preferences.orderUpdates,
  });
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const changed = PREFERENCES.some(({ key }) => values[key] !== user.preferences[key]);

  const save = async () => {
    setSaving(true);
    setFailure(null);
    try {
      const { user: saved } = await api<MeResponse>('/auth/me', {
        method: 'PUT',
        body: { name: user.name, preferences: values },
      });
      setUser(saved);
      toast.success('Preferences saved');
    } catch {
      setFailure(PROFILE_UPDATE_FAILED);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="preferences" className="panel p-5 sm:p-6">
      <h2 id="preferences" className="text-lg text-gold-bright">
        Preferences
      </h2>
      <ul className="mt-3 divide-y divide-shadow">
        {PREFERENCES.map(({ key, label, hint }) => (
          <li key={key}>
            <CheckboxField
              label={label}
              hint={hint}
              fieldClassName="flex cursor-pointer items-start gap-3 py-3"
              className="mt-1 h-5 w-5 shrink-0 accent-gold"
              checked={values[key]}
              onChange={(event) => setValues((current) => ({ ...current, [key]: event.target.checked }))}
            />
          </li>
        ))}
      </ul>
      <ErrorSummary plain>{failure}</ErrorSummary>
      <button type="button" className="btn-gold mt-3" disabled={!changed || saving} onClick={() => void save()}>
        {saving ? 'Saving...' : 'Save Preferences'}
      </button>
    </section>
  );
}

interface PasswordFields {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

function PasswordChange() {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<PasswordFields>({ defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' } });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = handleSubmit(async (fields) => {
    setFailure(null);
    try {
      const { message } = await api<MessageResponse>('/auth/password', { method: 'PUT', body: fields });
      reset();
      toast.success(message);
    } catch (error) {
      const fieldErrors = error instanceof ApiRequestError ? error.errors : [];
      for (const entry of fieldErrors) {
        if (entry.field in fields) setError(entry.field as keyof PasswordFields, { message: entry.message });
      }
      if (fieldErrors.length === 0) setFailure(error instanceof Error ? error.message : 'Failed to change password. Please try again.');
    }
  });

  return (
    <section aria-labelledby="change-password" className="panel p-5 sm:p-6">
      <h2 id="change-password" className="text-lg text-gold-bright">
        Change Password
      </h2>
      <p className="text-sm text-ash">Changing it signs you out everywhere else.</p>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4 sm:max-w-md">
        <TextField
          label="Current Password"
          error={errors.currentPassword?.message}
          type="password"
          autoComplete="current-password"
          {...register('currentPassword', { required: 'Current password is required' })}
        />
        <TextField
          label="New Password"
          error={errors.newPassword?.message}
          type="password"
          autoComplete="new-password"
          {...register('newPassword', {
            required: authMessages.passwordRequired,
            minLength: { value: PASSWORD_MIN_LENGTH, message: authMessages.passwordTooShort },
            maxLength: { value: PASSWORD_MAX_LENGTH, message: authMessages.passwordTooLong },
          })}
        />
        <TextField
          label="Confirm New Password"
          error={errors.confirmPassword?.message}
          type="password"
          autoComplete="new-password"
          {...register('confirmPassword', { required: authMessages.confirmRequired, validate: (value) => value === getValues('newPassword') || authMessages.passwordsDiffer })}
        />
        <ErrorSummary plain>{failure}</ErrorSummary>
        <button type="submit" className="btn-gold justify-self-start" disabled={isSubmitting}>
          {isSubmitting ? 'Changing...' : 'Change Password'}
        </button>
      </form>
    </section>
  );
}

export function SettingsTab({ user }: { user: User }) {
  return (
    <div className="grid gap-5">
      <Preferences user={user} />
      <WhatsAppUpdates userId={user.id} />
      <PasswordChange />
      <TwoFactorSection />
    </div>
  );
}
