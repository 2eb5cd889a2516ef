/**
 * A cart reminder as a notification event: what the recovery job decided to say, to whom, by which link. Each
 * channel turns it into a message in the job's transaction (so a rolled-back reminder sends nothing). E-mail is
 * always a channel; WhatsApp, for shoppers who opted in, is another (see `cartReminderChannels` below).
 */
import type { AbandonmentCause, ReminderStep } from '../../../domain/cart-recovery.ts';
import type { Transaction } from '../../jobs/sql-executor.ts';
import type { EmailOutbox } from '../mail/email-outbox.ts';
import type { WhatsAppChannel } from '../whatsapp/whatsapp-channel.ts';

export interface CartReminderEvent {
  /** The cart_reminders row: one per step and abandonment, so a channel may use it as its dedupe key. */
  reminderId: string;
  userId: string;
  customerName: string;
  email: string;
  /** The account's phone as stored ('' when none): a text channel checks it is verified and opted in. */
  phone: string;
  step: ReminderStep;
  cause: AbandonmentCause;
  lines: { name: string; size: string; quantity: number; unitPricePaise: number }[];
  restoreUrl: string;
  promotion: { code: string; name: string } | null;
}

/** One way of telling the shopper; returns whether it wrote a message (false: the shopper left this channel). */
export type CartReminderChannel = (tx: Transaction, event: CartReminderEvent) => Promise<boolean>;

/** The reminder by e-mail: marketing mail on the 'cart-reminders' list, so one click stops every later one. */
export function emailCartReminder(outbox: Pick<EmailOutbox, 'enqueue'>): CartReminderChannel {
  return async (tx, event) => {
    const sent = await outbox.enqueue(tx, {
      template: 'cart-reminder',
      to: event.email,
      category: 'marketing',
      list: 'cart-reminders',
      dedupeKey: `cart-reminder:${event.reminderId}`,
      data: { customerName: event.customerName, step: event.step, cause: event.cause, lines: event.lines, restoreUrl: event.restoreUrl, promotion: event.promotion },
    });
    return sent.created;
  };
}

/**
 * The channels a reminder goes through: the one place to route it elsewhere too. WhatsApp joins e-mail when the
 * shop has set it up; it then decides per shopper (opt-in and marketing consent).
 */
export function cartReminderChannels(outbox: Pick<EmailOutbox, 'enqueue'>, whatsapp?: Pick<WhatsAppChannel, 'cartReminder'> | null): CartReminderChannel[] {
  return whatsapp ? [emailCartReminder(outbox), (tx, event) => whatsapp.cartReminder(tx, event)] : [emailCartReminder(outbox)];
}
