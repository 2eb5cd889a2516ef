/**
 * Which channels carry a message the shop tells a customer: the one rule every order event asks.
 *
 * - In-app (the bell) carries every message: it is the account's own record.
 * - E-mail carries receipts always (a tax invoice, a refund, a cancellation are records the customer keeps), the
 *   journey (shipped, out for delivery, delivered) only while 'order updates' is on, and marketing only with
 *   marketing consent.
 * - WhatsApp carries nothing unless the shop has set it up and the customer opted in (an unticked box: WhatsApp's
 *   Business Messaging Policy asks for opt-in before a business messages someone); the journey also follows
 *   'order updates', and marketing needs marketing consent as well, whatever the opt-in.
 *
 * A failed delivery is urgent (the parcel goes back unless they answer), so it goes like a receipt.
 */
export type MessageChannel = 'in-app' | 'email' | 'whatsapp';

export type MessageCategory = 'receipt' | 'journey' | 'marketing';

export const SHOP_MESSAGES = {
  'order-confirmed': 'receipt',
  'cod-confirm-request': 'receipt',
  'cod-confirmed': 'receipt',
  'order-cancelled': 'receipt',
  'refund-sent': 'receipt',
  'delivery-failed': 'receipt',
  shipped: 'journey',
  'out-for-delivery': 'journey',
  delivered: 'journey',
  /** A left cart's reminder (server/modules/recovery): never without marketing consent. */
  'abandoned-checkout': 'marketing',
} as const satisfies Record<string, MessageCategory>;

export type ShopMessage = keyof typeof SHOP_MESSAGES;

export interface CustomerChannels {
  /** The profile's 'order updates' switch. */
  orderUpdates: boolean;
  /** Marketing consent (the newsletter consent of the consent log). */
  marketing: boolean;
  /** Opted in to WhatsApp updates, with a number to send them to. */
  whatsappOptIn: boolean;
  /** The shop has WhatsApp set up (all WHATSAPP_* settings). */
  whatsappAvailable: boolean;
}

export function channelsFor(message: ShopMessage, customer: CustomerChannels): MessageChannel[] {
  const category: MessageCategory = SHOP_MESSAGES[message];
  const wanted = category === 'receipt' || (category === 'journey' && customer.orderUpdates) || (category === 'marketing' && customer.marketing);
  const channels: MessageChannel[] = ['in-app'];
  if (wanted) channels.push('email');
  if (wanted && customer.whatsappAvailable && customer.whatsappOptIn) channels.push('whatsapp');
  return channels;
}

/** Words a customer may send to stop WhatsApp messages (Meta's guidance is to honour any clear opt-out request). */
const STOP_WORDS = new Set(['STOP', 'STOP ALL', 'UNSUBSCRIBE', 'OPT OUT', 'OPTOUT', 'CANCEL UPDATES']);

export function isStopRequest(text: string): boolean {
  return STOP_WORDS.has(text.trim().replace(/\s+/g, ' ').replace(/[.!]+$/, '').toUpperCase());
}
