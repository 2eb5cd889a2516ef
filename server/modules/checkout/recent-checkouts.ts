import type { checkouts } from '../../db/schema/index.ts';
import { BoundedMap } from '../../lib/bounded-map.ts';

/**
 * What never changes on a stored checkout: whose it is, its payment order, and what the provider was asked to
 * collect. Its status and holds do change, and are read under the row's lock by the fulfilment, never from here.
 */
export type CheckoutFacts = Pick<typeof checkouts.$inferSelect, 'id' | 'userId' | 'providerOrderId' | 'amountPaise' | 'balancesPaise' | 'vouchersPaise'>;

/** About an hour of payment orders at the busiest the shop has been measured; each entry is a few hundred bytes. */
const RECENT_CHECKOUTS_LIMIT = 20_000;

/**
 * The facts of the checkouts this process opened lately, by payment order id: the shopper's next calls (the test
 * payment, the confirmation) check ownership and the amount against them instead of reading the row again. Only
 * facts that no write changes are kept, so an entry can never be stale; a checkout another process opened, or one
 * pushed out by newer ones (the least recently used go first), is read from the database as before.
 */
export class RecentCheckouts {
  private readonly facts: BoundedMap<string, CheckoutFacts>;

  constructor(limit = RECENT_CHECKOUTS_LIMIT) {
    this.facts = new BoundedMap({ maxEntries: limit });
  }

  remember(checkout: CheckoutFacts): void {
    const { id, userId, providerOrderId, amountPaise, balancesPaise, vouchersPaise } = checkout;
    this.facts.set(providerOrderId, { id, userId, providerOrderId, amountPaise, balancesPaise, vouchersPaise });
  }

  find(providerOrderId: string): CheckoutFacts | undefined {
    return this.facts.get(providerOrderId);
  }
}
