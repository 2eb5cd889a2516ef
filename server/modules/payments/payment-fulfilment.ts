import { eq } from 'drizzle-orm';
import { retakePromotionUses } from '../promotions/promotion-uses.ts';
import { formatPaise } from '../../../domain/money.ts';
import { providerCollectsPaise } from '../../../domain/gift-card-sale.ts';
import type { Database } from '../../db/client.ts';
import { checkouts, orders } from '../../db/schema/index.ts';
import type { EmailOutbox } from '../mail/email-outbox.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import { announceLowStock } from '../products/stock-alert.ts';
import { releaseHolds } from '../inventory/checkout-holds.ts';
import { OrderLifecycleRefusal, type Applied, type OrderLifecycle } from '../orders/order-lifecycle.ts';
import type { OrderCreatedHook, PlaceOrder, RedeemPersonalCoupon } from '../orders/place-order.ts';
import { Shortfall } from '../inventory/stock.ts';
import { showsOnStorefront } from '../../../domain/stock.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type CheckoutRow = typeof checkouts.$inferSelect;

export interface Fulfilment {
  orderId: string;
  /** False when the order already existed: the browser and a webhook (or a retry) reported the same payment. */
  created: boolean;
  /** Set when the payment could not become a live order and must be refunded. */
  refundReason: Shortfall['reason'] | null;
}

/** What the provider says was captured: the amount in the currency's smallest unit. */
export interface CapturedMoney {
  amount: number;
  currency: string;
  /** The way of paying the provider reported (Razorpay's payment.method), kept on the order for its receipt. */
  method?: string | null;
}

/** A payment that is not the checkout's amount in rupees cannot pay for it, whoever signed it. */
function amountMismatch(checkout: CheckoutRow, captured: CapturedMoney): Shortfall | null {
  // Gift cards and store credit paid `balancesPaise` of it: the provider collected the rest, and any gift cards
  // bought with it on top (`vouchersPaise`, no part of the bill).
  const collectPaise = providerCollectsPaise(checkout);
  if (captured.currency === 'INR' && captured.amount === collectPaise) return null;
  const what = captured.currency === 'INR' ? formatPaise(captured.amount) : `${captured.amount} (smallest units of ${captured.currency.slice(0, 3)})`;
  return new Shortfall('amount', `The payment of ${what} did not match the order's ${formatPaise(collectPaise)}`);
}

export interface PaymentFulfilmentDeps {
  db: Database;
  notifications: NotificationService;
  outbox: EmailOutbox;
  lifecycle: OrderLifecycle;
  clock: () => Date;
  onStockChanged: () => void;
  redeemPersonalCoupon: RedeemPersonalCoupon;
  placeOrder: PlaceOrder;
}

/**
 * Turns a captured payment into an order, exactly once. The checkout row is locked first, so the browser's
 * confirmation, a webhook and any retry queue up behind each other and the later ones find the order made.
 * Stock and the coupon are taken in a savepoint: if either ran out while the customer was paying, the money
 * is still accounted for, as a cancelled order waiting for its refund.
 */
export class PaymentFulfilment {
  private readonly hooks: OrderCreatedHook[] = [];

  constructor(private readonly deps: PaymentFulfilmentDeps) {}

  onOrderCreated(hook: OrderCreatedHook): void {
    this.hooks.push(hook);
  }

  /**
   * `captured` is what the provider took (the caller has checked who may confirm the payment): any other amount
   * or currency than the checkout's makes the order a refund case, never a paid one.
   */
  async fulfil(providerOrderId: string, paymentId: string, captured: CapturedMoney): Promise<Fulfilment | null> {
    const result = await this.deps.db.transaction(async (tx) => {
      const [checkout] = await tx.select().from(checkouts).where(eq(checkouts.providerOrderId, providerOrderId)).for('update');
      if (!checkout) return null;
      // A card checkout's order is written in the transaction that marks it paid, so only a paid one (or a cash-on-
      // delivery one, never marked paid) can have an order already; the unique checkout id on orders backs this up.
      // Read after the lock, in a statement of its own: one that waited for the lock sees the order its holder made.
      const mayHaveOrder = checkout.status === 'paid' || checkout.provider === 'cod';
      const [existing] = mayHaveOrder ? await tx.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, checkout.id)) : [];
      if (existing) return { fulfilment: { orderId: existing.id, created: false, refundReason: null } satisfies Fulfilment, shows: false };

      let refund: Shortfall | null = amountMismatch(checkout, captured);
      // Held: the units and a limited coupon's use were set aside at checkout and simply become the order's.
      // Released (the hold expired or the payment failed first): the payment is late, and gets what is left.
      const held = checkout.holdState === 'held';
      const coupon = checkout.coupon;
      // Held units and a held coupon use are the checkout's already: only a personal coupon, or a late payment's
      // stock and coupon, can fall short, and only then is the step wrapped in a savepoint to fall back on.
      const canFallShort = !held || !!coupon?.personalCouponId;
      // Nothing can fall short of a right amount: the order is paid, and invoiced, in this transaction.
      const invoicedNow = !refund && !canFallShort;
      const placed = await this.deps.placeOrder(tx, checkout, { kind: 'prepaid', paymentId, reportedMethod: captured.method, invoicedNow });
      let applied: Applied;
      let backInStock = false;
      const now = this.deps.clock();
      // Stock, then the coupon: if either is gone, neither is taken and the payment becomes a refund case
      // instead. Stock rows before promotion rows, the order every checkout locks them in.
      const takeWhatWasPaidFor = async (db: Transaction) => {
        // Rewards (achievements) first, counting the order about to be paid: they lock nothing other orders need,
        // and the stock step then holds the potion's row for as few statements as it can. Rolled back with the
        // rest when the order turns out to be a refund case.
        for (const hook of this.hooks) await hook(db, placed.order, checkout);
        const paid = await this.deps.lifecycle.apply(db, placed.order, { type: 'paid' }, null, { stockHeld: held, lines: placed.lines });
        if (coupon?.personalCouponId && !(await this.deps.redeemPersonalCoupon(db, coupon.personalCouponId, placed.order.id))) {
          throw new Shortfall('coupon', `Coupon ${coupon.code} was already used`);
        }
        // A late payment's promotions (a festival's coupon among them) are taken again, under their caps.
        if (!held) await retakePromotionUses(db, checkout, now);
        return paid;
      };
      const markPaid = (converted: boolean) =>
        tx
          .update(checkouts)
          .set({ status: 'paid', updatedAt: now, ...(converted ? { holdState: 'converted' as const } : {}) })
          .where(eq(checkouts.id, checkout.id));
      const toRefundCase = async (shortfall: Shortfall) => {
        // The units a refund case was holding go back on the shelf.
        if (held) backInStock = (await releaseHolds(tx, [checkout])).length > 0;
        return this.deps.lifecycle.apply(tx, placed.order, { type: 'paid-unfulfillable', reason: shortfall.reason, message: shortfall.message }, null, { lines: placed.lines });
      };
      if (refund) {
        applied = await toRefundCase(refund);
        await markPaid(false);
      } else {
        // Settled before the stock step when nothing can fall short: the potion's row, which every shopper of it
        // needs, stays locked from that step to the commit, so the less that comes after it the better.
        if (!canFallShort) await markPaid(held);
        try {
          applied = canFallShort ? await tx.transaction(takeWhatWasPaidFor) : await takeWhatWasPaidFor(tx);
        } catch (error) {
          refund = error instanceof Shortfall ? error : error instanceof OrderLifecycleRefusal && error.shortfall ? error.shortfall : null;
          if (!refund || !canFallShort) throw error;
          applied = await toRefundCase(refund);
        }
        if (canFallShort) await markPaid(held && !refund);
      }
      const order = applied.order;
      if (!refund) for (const change of applied.stockTaken) await announceLowStock(this.deps.notifications, tx, change);
      // Held units becoming the order's change nothing the storefront shows; a late payment taking the last
      // units, or a refund case giving back a sold-out potion's, does.
      const shows = backInStock || (!refund && applied.stockTaken.some(showsOnStorefront));
      return { fulfilment: { orderId: order.id, created: true, refundReason: refund?.reason ?? null } satisfies Fulfilment, shows };
    });
    if (result?.shows) this.deps.onStockChanged();
    return result?.fulfilment ?? null;
  }

  /**
   * Marks a checkout whose payment failed and gives its held units back; an order that exists is never touched
   * by a late failure. The checkout stays payable: Razorpay lets the customer try another card on the same order,
   * and such a payment is then a late one.
   */
  async recordFailure(providerOrderId: string, reason: string): Promise<void> {
    let released = false;
    await this.deps.db.transaction(async (tx) => {
      const [checkout] = await tx.select().from(checkouts).where(eq(checkouts.providerOrderId, providerOrderId)).for('update');
      if (!checkout || checkout.status !== 'awaiting_payment') return;
      if (checkout.holdState === 'held') {
        await releaseHolds(tx, [checkout]);
        released = true;
      }
      const [failed] = await tx
        .update(checkouts)
        .set({ status: 'failed', failureReason: reason.slice(0, 500), updatedAt: this.deps.clock() })
        .where(eq(checkouts.id, checkout.id))
        .returning();
      if (!failed) return;
      await this.deps.outbox.enqueue(tx, {
        template: 'payment-failed',
        to: failed.customer.email,
        data: { customerName: failed.customer.name, amountPaise: failed.amountPaise, reason: reason.slice(0, 200) },
        dedupeKey: `payment-failed:${failed.id}`,
        category: 'transactional',
      });
    });
    if (released) this.deps.onStockChanged();
  }
}
