/**
 * Cash on delivery: who may pay on the doorstep, and for how long an order placed so waits for its customer's
 * confirmation. Pure: the server gathers the facts (the PIN's zone, the basket's total, the account's COD record)
 * and asks here.
 */
import { undeliverableText } from './delivery-promise.ts';
import { formatPaise } from './money.ts';

/**
 * COD_MAX_ORDER's default: ₹5,000, fee included. It bounds the order's total, not only the cash the courier
 * collects once gift cards and store credit have paid their part: the goods a parcel refused at the door puts at
 * risk are worth the whole bill (docs/decisions/0084).
 */
export const DEFAULT_COD_MAX_ORDER_PAISE = 500_000;
/** An order placed for cash on delivery is cancelled, and its stock freed, unless confirmed within this. */
export const COD_CONFIRM_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Orders a customer may have placed for cash on delivery and not yet paid for (confirmed or not). */
export const MAX_OPEN_COD_ORDERS = 2;
/** A customer whose last this-many COD parcels all came back pays online from then on. */
export const RTO_STRIKES = 2;

/** What decides whether an order may be paid on delivery. */
export interface CodFacts {
  /** The PIN code of the shipping address, as the shopper reads it. */
  pincode: string;
  /** Whether any zone delivers to the PIN. */
  serviceable: boolean;
  /** Whether the PIN's zone lets couriers collect cash. */
  codAllowed: boolean;
  /** The server's total for the basket plus the zone's COD fee: the whole bill, whatever balances pay of it. */
  totalPaise: number;
  maxOrderPaise: number;
  emailVerified: boolean;
  /** Whether the account's mobile was proven by a texted code: the courier's call reaches the buyer either way. */
  phoneVerified: boolean;
  /** The customer's COD orders still waiting to be paid (cod_pending). */
  openCodOrders: number;
  /** The outcomes of the customer's COD parcels that reached one, latest first. */
  latestOutcomes: readonly ('collected' | 'returned')[];
}

/**
 * Why not: `account` rules are about the customer (the server answers 403), `pincode` and `total` about this
 * address and basket (400, on the field to change). `reason` is what the checkout shows under 'Cash on delivery'.
 */
export type CodEligibility = { eligible: true } | { eligible: false; rule: 'account' | 'pincode' | 'total'; reason: string };

export const COD_REASONS = {
  unverifiedEmail: 'Verify your e-mail address to pay on delivery',
  rtoHistory: `Cash on delivery is not available on this account because its last ${RTO_STRIKES} cash-on-delivery parcels were returned`,
  tooManyOpen: `You already have ${MAX_OPEN_COD_ORDERS} cash-on-delivery orders waiting to be delivered; pay online or wait for one to arrive`,
  pinWithoutCod: (pincode: string) => `Cash on delivery is not available for PIN code ${pincode}`,
  overMaximum: (maxOrderPaise: number) => `Cash on delivery is available for orders up to ${formatPaise(maxOrderPaise)}`,
  paidByBalances: 'Your gift cards and store credit pay this whole order, so nothing is left to pay on delivery: choose Pay online to place it',
} as const;

/**
 * The cash a cash-on-delivery order asks of the courier: its total less what gift cards and store credit paid when
 * it was placed (docs/decisions/0084). The bill and its tax invoice stay the whole total (decision 0067).
 */
export function cashDuePaise(order: { totalPaise: number; balancesPaise: number }): number {
  return Math.max(0, order.totalPaise - order.balancesPaise);
}

/** The account's rules first (they hold for any basket), then the order's. */
export function codEligibility(facts: CodFacts): CodEligibility {
  // A proven inbox or a proven phone: either says a real, reachable person placed the order.
  if (!facts.emailVerified && !facts.phoneVerified) return { eligible: false, rule: 'account', reason: COD_REASONS.unverifiedEmail };
  const latest = facts.latestOutcomes.slice(0, RTO_STRIKES);
  if (latest.length === RTO_STRIKES && latest.every((outcome) => outcome === 'returned')) return { eligible: false, rule: 'account', reason: COD_REASONS.rtoHistory };
  if (facts.openCodOrders >= MAX_OPEN_COD_ORDERS) return { eligible: false, rule: 'account', reason: COD_REASONS.tooManyOpen };
  if (!facts.serviceable) return { eligible: false, rule: 'pincode', reason: undeliverableText(facts.pincode) };
  if (!facts.codAllowed) return { eligible: false, rule: 'pincode', reason: COD_REASONS.pinWithoutCod(facts.pincode) };
  if (facts.totalPaise > facts.maxOrderPaise) return { eligible: false, rule: 'total', reason: COD_REASONS.overMaximum(facts.maxOrderPaise) };
  return { eligible: true };
}

/** By when an order placed at `placedAt` must be confirmed. */
export function codConfirmBy(placedAt: Date): Date {
  return new Date(placedAt.getTime() + COD_CONFIRM_WINDOW_MS);
}

/** Whether the confirmation window is still open at `now` (the deadline itself is the last moment). */
export function codConfirmWindowOpen(confirmBy: Date, now: Date): boolean {
  return now.getTime() <= confirmBy.getTime();
}
