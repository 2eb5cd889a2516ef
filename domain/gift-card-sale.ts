/**
 * Selling a gift card (issue 38, item 3): what a buyer may choose (a fixed or a chosen amount, who it is for, a
 * message, the day it arrives) and when its e-mail goes. Pure: the clock is the caller's.
 *
 * GST: a gift card is a voucher, and a transaction in vouchers is neither a supply of goods nor of services
 * (Circular 243/37/2024-GST; the voucher time-of-supply rules, CGST Act s.12(4) and s.13(4), omitted by the
 * Finance Act 2025): its sale carries no tax and no HSN, and is kept off the goods' invoice (decision 0074).
 */
import { GIFT_CARD_MAX_PAISE, GIFT_CARD_MIN_PAISE, giftCardAmountProblem, giftCardLabel } from './balances.ts';
import { formatPaise } from './money.ts';
import { GIFT_MESSAGE_MAX, GIFT_RECIPIENT_MAX, giftTextProblem } from './gifts.ts';
import { shopDate } from './orders.ts';

/** The amounts the shop offers on a button, in rupees; any whole amount from ₹500 to ₹10,000 may be typed instead. */
export const GIFT_CARD_FIXED_AMOUNTS = [1000, 2000, 5000] as const;
export const GIFT_CARD_MIN_RUPEES = GIFT_CARD_MIN_PAISE / 100;
export const GIFT_CARD_MAX_RUPEES = GIFT_CARD_MAX_PAISE / 100;
/** How far ahead a delivery can be chosen: a year, inside the card's own validity. */
export const GIFT_CARD_DELIVERY_MAX_DAYS = 365;
/** The hour (shop time) a card chosen for a later day is e-mailed on that day: a morning, not midnight. */
export const GIFT_CARD_DELIVERY_HOUR = 9;

const DAY_MS = 24 * 60 * 60 * 1000;
const IST_OFFSET_MS = 5.5 * 60 * 60 * 1000;
const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** One card as the buyer chose it (amount in rupees, the delivery day as YYYY-MM-DD in shop time). */
export interface GiftCardPurchase {
  amount: number;
  recipientName: string;
  recipientEmail: string;
  message: string;
  deliverOn: string;
}

export function giftCardPurchaseAmountProblem(rupees: number): string | null {
  if (!Number.isInteger(rupees)) return 'A gift card is a whole number of rupees';
  return giftCardAmountProblem(rupees * 100);
}

export function giftCardRecipientProblem(name: string): string | null {
  if (name.trim() === '') return "The recipient's name is required";
  return giftTextProblem(name, GIFT_RECIPIENT_MAX, "The recipient's name");
}

export function giftCardMessageProblem(message: string): string | null {
  return giftTextProblem(message, GIFT_MESSAGE_MAX, 'The message');
}

/** A real calendar day (2026-02-30 is not one). */
function isCalendarDay(day: string): boolean {
  if (!DATE_SHAPE.test(day)) return false;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
}

/** Why a delivery day cannot be chosen `now`: not a day, already past (shop time), or more than a year away. */
export function deliveryDayProblem(day: string, now: Date): string | null {
  if (!isCalendarDay(day)) return 'The delivery date must be a date (YYYY-MM-DD)';
  const today = shopDate(now);
  if (day < today) return 'The delivery date cannot be in the past';
  const latest = shopDate(new Date(now.getTime() + GIFT_CARD_DELIVERY_MAX_DAYS * DAY_MS));
  if (day > latest) return `The delivery date must be within ${GIFT_CARD_DELIVERY_MAX_DAYS} days`;
  return null;
}

/**
 * When a card's e-mail may go: at once when its day has come (today, or a late payment after that morning),
 * else at GIFT_CARD_DELIVERY_HOUR shop time on the day.
 */
export function deliveryMoment(day: string, now: Date): Date {
  const morning = new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS + GIFT_CARD_DELIVERY_HOUR * 60 * 60 * 1000);
  return morning.getTime() > now.getTime() ? morning : now;
}

/** What the buyer pays for the cards, in paise: their face value, nothing added (no tax on a voucher). */
export function vouchersPaise(cards: readonly Pick<GiftCardPurchase, 'amount'>[]): number {
  return cards.reduce((sum, card) => sum + card.amount * 100, 0);
}

/**
 * What the payment provider collects for a checkout: its bill's total, less what gift cards and store credit pay
 * of it, plus the gift cards it buys (which are no part of the bill).
 */
export function providerCollectsPaise(checkout: { amountPaise: number; balancesPaise?: number; vouchersPaise?: number }): number {
  return checkout.amountPaise - (checkout.balancesPaise ?? 0) + (checkout.vouchersPaise ?? 0);
}

/**
 * An order (or a checkout) of gift cards alone: its bill has no lines, so its subtotal is nothing (every potion and
 * set has a price). Nothing is supplied: no stock, no tax invoice, no parcel, no return (decision 0083).
 */
export function holdsOnlyGiftCards(bill: { subtotalPaise: number }): boolean {
  return bill.subtotalPaise === 0;
}

/** A bought card as a refund of it must judge it: its state now, and what it has paid for or holds for a checkout. */
export interface CardToRefund {
  lastFour: string;
  status: 'active' | 'void';
  expiresAt: Date | null;
  balancePaise: number;
  initialPaise: number;
  /** Already refunded: the provider's refund id. */
  providerRefundId: string | null;
  /** The orders it has paid part of, by number: a redemption, even if a refund later put the money back on it. */
  redeemedOn: readonly string[];
}

/**
 * Why a card bought cannot be refunded now (decision 0088), or null. Only a wholly unspent card goes back to its
 * buyer's payment: once any of it paid for goods, those goods were supplied (and invoiced) against it, and giving
 * the buyer its face value again would refund goods they keep. A voided or expired card is no longer the buyer's
 * money to ask back, and a refunded one was given back already.
 */
export function cardRefundRefusal(card: CardToRefund, now: Date): string | null {
  const label = giftCardLabel(card.lastFour);
  if (card.providerRefundId) return `${label} was refunded already (${card.providerRefundId})`;
  if (card.status === 'void') return `${label} is already cancelled: there is nothing on it to refund`;
  if (card.expiresAt && card.expiresAt <= now) return `${label} has expired, so it cannot be refunded`;
  if (card.redeemedOn.length) return `${label} was spent in part (on order ${card.redeemedOn.join(', ')}): the spent part bought goods, so only a wholly unspent card is refunded`;
  if (card.balancePaise !== card.initialPaise) {
    return `${label} holds ${formatPaise(card.balancePaise)} of its ${formatPaise(card.initialPaise)}: a checkout is paying with it now, so it cannot be refunded unless that checkout lets it go`;
  }
  return null;
}
