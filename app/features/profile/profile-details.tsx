import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from '../../lib/toast.ts';
import type { MeResponse, User } from '../../../contracts/auth.ts';
import { authMessages, isValidEmail } from '../../../domain/accounts.ts';
import { ErrorSummary, TextAreaField, TextField } from '../../components/form.tsx';
import { api, ApiRequestError } from '../../lib/api-client.ts';
import { useAuth } from '../account/index.ts';

export const PROFILE_UPDATE_FAILED = 'Failed to update profile. Please try again.';

interface DetailsFields {
  name: string;
  email: string;
  phone: string;
  address: string;
  favoriteIngredient: string;
  /** Asked for only when the e-mail changes. */
  currentPassword: string;
}

const fieldsOf = (user: User): DetailsFields => ({
  currentPassword: '',
  name: user.name,
  email: user.email,
  phone: user.phone,
  address: user.address,
  favoriteIngredient: user.favoriteIngredient,
});

function Detail({ label, value, className = '' }: { label: string; value: string; className?: string }) {
  return (
    <div className={`min-w-0 ${className}`}>
      <dt className="text-xs tracking-wide text-ash uppercase">{label}</dt>
      <dd className={value ? 'text-mist' : 'text-ash/80 italic'}>{value || 'Not set'}</dd>
    </div>
  );
}

/**
 * Personal details with an edit mode. Save sends them to the server and leaves edit mode only when the server
 * accepted them; Cancel puts back what is saved.
 */
export function ProfileDetails({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const setUser = useAuth((state) => state.setUser);
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<DetailsFields>({ defaultValues: fieldsOf(user) });
  const emailChanging = (watch('email') ?? user.email).trim().toLowerCase() !== user.email;

  const cancel = () => {
    reset(fieldsOf(user));
    setFailure(null);
    setEditing(false);
  };

  const save = handleSubmit(async (fields) => {
    setFailure(null);
    try {
      const { currentPassword, ...details } = fields;
      const { user: saved, message } = await api<MeResponse & { message: string }>('/auth/me', {
        method: 'PUT',
        body: {
          ...details,
          ...(emailChanging ? { currentPassword } : {}),
          preferences: { newsletter: user.preferences.newsletter, smsNotifications: user.preferences.smsNotifications, orderUpdates: user.preferences.orderUpdates },
        },
      });
      setUser(saved);
      reset(fieldsOf(saved));
      setEditing(false);
      void queryClient.invalidateQueries({ queryKey: ['profile', saved.id] });
      toast.success(saved.email === user.email ? 'Profile updated successfully!' : message);
    } catch (error) {
      const fieldErrors = error instanceof ApiRequestError ? error.errors : [];
      for (const entry of fieldErrors) {
        if (entry.field in fields) setError(entry.field as keyof DetailsFields, { message: entry.message });
      }
      const named = fieldErrors.some((entry) => entry.field === 'currentPassword');
      setFailure(error instanceof ApiRequestError && (error.status === 409 || named) ? error.message : PROFILE_UPDATE_FAILED);
    }
  });

  return (
    <section aria-labelledby="personal-details" className="panel p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="personal-details" className="text-lg text-gold-bright">
          Personal Details
        </h2>
        {editing ? null : (
          <button type="button" className="btn-ghost px-4 py-2 text-xs" onClick={() => (reset(fieldsOf(user)), setEditing(true))}>
            Edit Profile
          </button>
        )}
      </div>
      {editing ? (
        <form onSubmit={save} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
          <TextField label="Full Name" error={errors.name?.message} autoComplete="name" {...register('name', { validate: (value) => value.trim() !== '' || authMessages.nameRequired })} />
          <TextField
            label="Email"
            error={errors.email?.message}
            type="email"
            autoComplete="email"
            {...register('email', { validate: (value) => (value.trim() === '' ? authMessages.emailRequired : isValidEmail(value) || authMessages.emailInvalid) })}
          />
          {emailChanging ? (
            <TextField
              label="Current Password (needed to change your e-mail)"
              hint="Your other devices will be signed out, and we will send a link to the new address to verify it."
              fieldClassName="sm:col-span-2"
              error={errors.currentPassword?.message}
              type="password"
              autoComplete="current-password"
              {...register('currentPassword', { validate: (value) => !emailChanging || value !== '' || 'Enter your current password to change your e-mail' })}
            />
          ) : null}
          <TextField label="Phone" error={errors.phone?.message} type="tel" autoComplete="tel" placeholder="+91 98765 43210" {...register('phone')} />
          <TextField label="Favourite Ingredient" error={errors.favoriteIngredient?.message} placeholder="Sandalwood, myrrh, night jasmine..." {...register('favoriteIngredient')} />
          <TextAreaField label="Address" error={errors.address?.message} fieldClassName="sm:col-span-2" rows={3} autoComplete="street-address" {...register('address')} />
          <ErrorSummary plain className="sm:col-span-2">
            {failure}
          </ErrorSummary>
          <div className="flex flex-wrap gap-3 sm:col-span-2">
            <button type="submit" className="btn-gold" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Save Changes'}
            </button>
            <button type="button" className="btn-ghost" onClick={cancel} disabled={isSubmitting}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          <Detail label="Full Name" value={user.name} />
          <Detail label="Email" value={user.email} />
          <Detail label="Phone" value={user.phone && user.phoneVerified ? `${user.phone} ✓ verified` : user.phone} />
          <Detail label="Favourite Ingredient" value={user.favoriteIngredient} />
          <Detail label="Address" value={user.address} className="sm:col-span-2" />
        </dl>
      )}
    </section>
  );
}
