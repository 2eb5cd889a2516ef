import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { WhatsAppPreferenceBody, WhatsAppPreferenceResponse } from '../../../contracts/whatsapp.ts';
import { phoneProblem } from '../../../domain/phone.ts';
import { CheckboxField, ErrorSummary, TextField } from '../../components/form.tsx';
import { api, ApiRequestError } from '../../lib/api-client.ts';
import toast from '../../lib/toast.ts';

export const whatsappPreferenceKey = (userId: string) => ['whatsapp-preference', userId] as const;

export function useWhatsAppPreference(userId: string | undefined) {
  return useQuery({
    queryKey: whatsappPreferenceKey(userId ?? ''),
    queryFn: ({ signal }) => api<WhatsAppPreferenceResponse>('/profile/whatsapp', { signal }),
    enabled: Boolean(userId),
  });
}

export function saveWhatsAppPreference(body: WhatsAppPreferenceBody): Promise<WhatsAppPreferenceResponse> {
  return api<WhatsAppPreferenceResponse>('/profile/whatsapp', { method: 'PUT', body });
}

/**
 * Profile → Settings: order updates on WhatsApp, off until the customer switches them on, to a number they give.
 * Shown only when the shop sends WhatsApp messages at all.
 */
export function WhatsAppUpdates({ userId }: { userId: string }) {
  const client = useQueryClient();
  const preference = useWhatsAppPreference(userId);
  const [phone, setPhone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: saveWhatsAppPreference,
    onSuccess: (saved) => {
      client.setQueryData(whatsappPreferenceKey(userId), saved);
      setProblem(null);
      toast.success(saved.optedIn ? 'WhatsApp updates on' : 'WhatsApp updates off');
    },
    onError: (error) => setProblem(error instanceof ApiRequestError ? (error.errors[0]?.message ?? error.message) : 'Could not save. Please try again.'),
  });
  if (!preference.data?.available) return null;
  const current = preference.data;
  const number = phone ?? current.phone ?? '';
  const switchTo = (optedIn: boolean) => {
    const wrong = optedIn ? phoneProblem(number, { required: true }) : null;
    setProblem(wrong);
    if (!wrong) save.mutate({ optedIn, ...(optedIn ? { phone: number } : {}), from: 'profile' });
  };
  return (
    <section aria-labelledby="whatsapp-updates" className="panel p-5 sm:p-6" data-testid="whatsapp-updates">
      <h2 id="whatsapp-updates" className="text-lg text-gold-bright">
        WhatsApp Updates
      </h2>
      <p className="text-sm text-ash">
        Order confirmations, cash-on-delivery confirmation with one tap, dispatch and delivery news on WhatsApp. Reply STOP there, or switch it off here, whenever you like.
      </p>
      <div className="mt-4 grid gap-3 sm:max-w-md">
        <TextField label="WhatsApp number" type="tel" inputMode="tel" autoComplete="tel" value={number} onChange={(event) => setPhone(event.target.value)} error={problem ?? undefined} />
        <CheckboxField
          label="Send my order updates on WhatsApp"
          className="h-5 w-5 shrink-0 accent-gold"
          checked={current.optedIn}
          disabled={save.isPending}
          onChange={(event) => switchTo(event.target.checked)}
        />
      </div>
      <ErrorSummary plain>{save.isError && !problem ? 'Could not save. Please try again.' : null}</ErrorSummary>
    </section>
  );
}

/**
 * The checkout's box: unticked, it changes nothing. Ticked, the order's phone is opted in (recorded as given at
 * checkout) just before the order is placed, so its first message already goes there.
 */
export function useWhatsAppAtCheckout(userId: string | undefined) {
  const preference = useWhatsAppPreference(userId);
  const [wanted, setWanted] = useState(false);
  const offered = Boolean(preference.data?.available && !preference.data.optedIn);
  const element = offered ? (
    <CheckboxField
      label="Send my order updates on WhatsApp"
      hint="Confirm a cash-on-delivery order with one tap, and hear when it ships. Reply STOP any time."
      fieldClassName="mt-4 flex cursor-pointer items-start gap-3"
      className="mt-1 h-5 w-5 shrink-0 accent-gold"
      checked={wanted}
      onChange={(event) => setWanted(event.target.checked)}
      data-testid="checkout-whatsapp"
    />
  ) : null;
  /** Opts the phone in when the box is ticked; a failure leaves the order to go ahead without WhatsApp. */
  const commit = async (phone: string) => {
    if (!offered || !wanted) return;
    await saveWhatsAppPreference({ optedIn: true, phone, from: 'checkout' }).catch(() => undefined);
  };
  return { element, commit };
}
