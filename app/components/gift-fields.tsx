import type { ComponentProps } from 'react';
import { GIFT_MESSAGE_MAX, GIFT_RECIPIENT_MAX, giftMessageLength } from '../../domain/gifts.ts';
import { CountedTextAreaField, TextField } from './form.tsx';

/** The name of whoever receives a gift (on an order's parcel, or on a gift card), up to the limit domain/gifts.ts sets. */
export function GiftRecipientField(props: Omit<ComponentProps<typeof TextField>, 'label' | 'autoComplete' | 'maxLength'>) {
  return <TextField label="Recipient's name" autoComplete="off" maxLength={GIFT_RECIPIENT_MAX} {...props} />;
}

/** Where a gift's own e-mail goes (a gift receipt, or the gift card itself); the form says what it is used for. */
export function GiftRecipientEmailField(props: Omit<ComponentProps<typeof TextField>, 'type' | 'label' | 'autoComplete'>) {
  return <TextField type="email" label="Recipient's e-mail" autoComplete="off" {...props} />;
}

/**
 * The words sent with a gift (on an order's card, or with a gift card), across both columns of its form and
 * counted as the server counts them (domain/gifts.ts), up to the one limit they share.
 */
export function GiftMessageField(props: Omit<ComponentProps<typeof CountedTextAreaField>, 'limit' | 'count' | 'fieldClassName' | 'className'>) {
  return <CountedTextAreaField fieldClassName="sm:col-span-2" className="min-h-24" limit={GIFT_MESSAGE_MAX} count={giftMessageLength} {...props} />;
}
