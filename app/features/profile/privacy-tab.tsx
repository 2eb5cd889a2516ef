import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { User } from '../../../contracts/auth.ts';
import type { ConsentsResponse, ErasureResponse } from '../../../contracts/privacy.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';
import { CheckboxField, ErrorSummary, TextField } from '../../components/form.tsx';
import { api, ApiRequestError, downloadFromApi } from '../../lib/api-client.ts';
import toast from '../../lib/toast.ts';
import { useAuth } from '../account/index.ts';

const consentsKey = (userId: string) => ['profile', userId, 'consents'] as const;

/** Each consent with one switch: withdrawing is as easy as giving (DPDP Act 2023 s.6(4)). */
function Consents({ user }: { user: User }) {
  const client = useQueryClient();
  const setUser = useAuth((state) => state.setUser);
  const query = useQuery({ queryKey: consentsKey(user.id), queryFn: ({ signal }) => api<ConsentsResponse>('/privacy/consents', { signal }) });
  const change = useMutation({
    mutationFn: ({ purpose, granted }: { purpose: string; granted: boolean }) => api<ConsentsResponse>(`/privacy/consents/${purpose}`, { method: 'PUT', body: { granted } }),
    onSuccess: (answer, { purpose, granted }) => {
      client.setQueryData(consentsKey(user.id), answer);
      const key = purpose === 'sms' ? 'smsNotifications' : 'newsletter';
      setUser({ ...user, preferences: { ...user.preferences, [key]: granted } });
      toast.success(granted ? 'Consent given' : 'Consent withdrawn');
    },
    onError: (error) => toast.error(error instanceof Error ? error.message : 'Could not save your choice. Please try again.'),
  });
  return (
    <section aria-labelledby="consents" className="panel p-5 sm:p-6">
      <h2 id="consents" className="text-lg text-gold-bright">
        Your consents
      </h2>
      <p className="text-sm text-ash">Order e-mails are part of your orders and need no consent. Everything else is up to you, and you can change your mind here at any time.</p>
      {query.isError ? <ErrorSummary plain>Could not load your consents. Please reload the page.</ErrorSummary> : null}
      <ul className="mt-3 divide-y divide-shadow" aria-busy={query.isPending}>
        {query.data?.consents.map((consent) => (
          <li key={consent.purpose}>
            <CheckboxField
              label={consent.label}
              hint={`${consent.description} ${consent.changedAt ? `${consent.granted ? 'Given' : 'Withdrawn'} on ${formatShopDate(consent.changedAt, 'longDay')}.` : 'Never given.'}`}
              fieldClassName="flex cursor-pointer items-start gap-3 py-3"
              className="mt-1 h-5 w-5 shrink-0 accent-gold"
              checked={consent.granted}
              disabled={change.isPending}
              onChange={(event) => change.mutate({ purpose: consent.purpose, granted: event.target.checked })}
            />
          </li>
        ))}
      </ul>
      {query.data ? <p className="mt-2 text-xs text-ash">Privacy notice version {query.data.noticeVersion}. Each choice is recorded with the date and the notice it was made under.</p> : null}
    </section>
  );
}

function DownloadData() {
  const [busy, setBusy] = useState<'json' | 'html' | null>(null);
  const download = async (format: 'json' | 'html') => {
    setBusy(format);
    try {
      await downloadFromApi(`/privacy/my-data.${format}`, { fallbackName: `deosil-my-data.${format}` });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not prepare your data. Please try again.');
    } finally {
      setBusy(null);
    }
  };
  return (
    <section aria-labelledby="download-data" className="panel p-5 sm:p-6">
      <h2 id="download-data" className="text-lg text-gold-bright">
        Download your data
      </h2>
      <p className="text-sm text-ash">Your profile, addresses, orders, reviews, notifications, consents and the messages we sent you: everything we hold about you.</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className="btn-gold" disabled={busy !== null} onClick={() => void download('html')}>
          {busy === 'html' ? 'Preparing…' : 'Download as a page (HTML)'}
        </button>
        <button type="button" className="btn-ghost" disabled={busy !== null} onClick={() => void download('json')}>
          {busy === 'json' ? 'Preparing…' : 'Download as JSON'}
        </button>
      </div>
    </section>
  );
}

interface EraseFields {
  password: string;
  understood: boolean;
}

function EraseAccount() {
  const navigate = useNavigate();
  const forget = useAuth((state) => state.forget);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EraseFields>({ defaultValues: { password: '', understood: false } });

  const submit = handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      const { message } = await api<ErasureResponse>('/privacy/erase-account', { method: 'POST', body: { password } });
      // The server has ended every session of the account; the browser forgets its copy.
      forget();
      toast.success(message);
      await navigate('/');
    } catch (error) {
      const passwordError = error instanceof ApiRequestError ? error.errors.find((entry) => entry.field === 'password') : undefined;
      if (passwordError) setError('password', { message: passwordError.message });
      else setFailure(error instanceof Error ? error.message : 'Could not erase your account. Please try again.');
    }
  });

  return (
    <section aria-labelledby="erase-account" className="panel border-blood/40 p-5 sm:p-6">
      <h2 id="erase-account" className="text-lg text-gold-bright">
        Erase your account
      </h2>
      <div className="mt-2 grid gap-2 text-sm text-ash">
        <p>Your account, profile, addresses, notifications, consents, messages and alerts are deleted at once, and your reviews stay on the potions without your name. This cannot be undone.</p>
        <p>
          The law makes us keep the tax invoices of your paid orders, with the order lines behind them, for eight years (CGST Act, section 36). We keep them for that alone and delete them after. See the{' '}
          <Link to="/privacy" className="text-gold underline underline-offset-2">
            privacy notice
          </Link>
          .
        </p>
        <p>If an order is still on its way, you can erase your account once it has been delivered or cancelled.</p>
      </div>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4 sm:max-w-md">
        <TextField label="Password" error={errors.password?.message} type="password" autoComplete="current-password" {...register('password', { required: 'Enter your password to erase your account' })} />
        <CheckboxField
          label="I understand that my account and personal data will be erased for good"
          className="h-5 w-5 shrink-0 accent-gold"
          fieldClassName="flex cursor-pointer items-start gap-3 text-sm text-mist"
          {...register('understood', { required: true })}
        />
        {errors.understood ? <p className="text-sm text-blood">Tick the box to confirm.</p> : null}
        <ErrorSummary plain>{failure}</ErrorSummary>
        <button type="submit" className="btn-ghost justify-self-start border-blood/60 text-blood" disabled={isSubmitting}>
          {isSubmitting ? 'Erasing…' : 'Erase my account'}
        </button>
      </form>
    </section>
  );
}

/** Profile → Privacy: consents, the data download and erasing the account. */
export function PrivacyTab({ user }: { user: User }) {
  return (
    <div className="grid gap-5">
      <Consents user={user} />
      <DownloadData />
      <EraseAccount />
    </div>
  );
}
