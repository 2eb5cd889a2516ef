import type { ComponentProps } from 'react';
import { GIFT_MESSAGE_MAX, giftMessageLength } from '../../domain/gifts.ts';
import { CountedTextAreaField } from './form.tsx';

/**
 * The words sent with a gift (on an order's card, or with a gift card), across both columns of its form and
 * counted as the server counts them (domain/gifts.ts), up to the one limit they share.
 */
export function GiftMessageField(props: Omit<ComponentProps<typeof CountedTextAreaField>, 'limit' | 'count' | 'fieldClassName' | 'className'>) {
  return <CountedTextAreaField fieldClassName="sm:col-span-2" className="min-h-24" limit={GIFT_MESSAGE_MAX} count={giftMessageLength} {...props} />;
}
