/**
 * When a customer may cancel their own order (issue 38): a paid online order that is not yet packed or on its way.
 * Its refund follows at once, back the way the money came or onto store credit (decision 0075). A cash-on-delivery
 * order is declined from its confirmation link before it is confirmed, and nothing is owed; once confirmed it is
 * the shop's to cancel. Pure.
 */
import { refundedByTransfer } from './offline-refunds.ts';
import { holdsOnlyGiftCards } from './gift-card-sale.ts';
import type { OrderStatus } from './orders.ts';

/** Statuses before dispatch: nothing has left the shop. */
const BEFORE_DISPATCH: readonly OrderStatus[] = ['pending', 'processing'];

/** Why the customer cannot cancel the order themselves, or null when they can. `packed`: a parcel of it exists. */
export function customerCancelRefusal(order: { orderNumber: string; status: string; paymentStatus: string; paymentMethod: string; subtotalPaise: number }, packed: boolean): string | null {
  const which = `Order ${order.orderNumber}`;
  if (order.status === 'cancelled') return `${which} is already cancelled`;
  // Its cards may already sit in their recipients' inboxes: the order is not cancelled (decision 0083); a card not
  // yet spent is refunded by the shop on request, card by card (decision 0088).
  if (holdsOnlyGiftCards(order))
    return `${which} holds only gift cards, which are not cancelled once bought: each stays valid to spend until it expires; write to us to have a card not yet spent refunded`;
  if (refundedByTransfer(order)) return `${which} is paid on delivery: decline it from its confirmation link, or write to us once it is confirmed`;
  if (order.paymentStatus !== 'paid') return `${which} has no payment to give back: write to us to cancel it`;
  if (packed || !BEFORE_DISPATCH.includes(order.status as OrderStatus)) return `${which} is already packed or on its way: once it arrives you can return it`;
  return null;
}
