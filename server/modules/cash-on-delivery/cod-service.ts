import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { billTotals, withCharge, type Bill } from '../../../domain/bill.ts';
import { includedGstPaise } from '../../../domain/gst.ts';
import { COD_REASONS, codConfirmBy, codConfirmWindowOpen, codEligibility, type CodEligibility } from '../../../domain/cash-on-delivery.ts';
import { normalisePin } from '../../../domain/india-states.ts';
import { formatPaise, paiseToRupees } from '../../../domain/money.ts';
import { fieldRefusal, notFoundRefusal, Refusal } from '../../../domain/refusal.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';
import { showsOnStorefront } from '../../../domain/stock.ts';
import type { CodEligibilityResponse, ConfirmCodResponse } from '../../../contracts/cash-on-delivery.ts';
import type { CreatePaymentOrderBody } from '../../../contracts/payments.ts';
import type { Database } from '../../db/client.ts';
import { checkouts, orders, users } from '../../db/schema/index.ts';
import type { Transaction } from '../../jobs/sql-executor.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { priceCart, type PricedCart } from '../cart/cart-pricing.ts';
import type { Offers } from '../cart/cart-pricing.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import { announceLowStock } from '../products/stock-alert.ts';
import type { ShippingService, ZoneTerms } from '../shipping/shipping-service.ts';
import { basketProblems, MINIMUM_ORDER_PAISE, openCheckout } from '../checkout/checkout-service.ts';
import { giftWrapped } from '../checkout/gift-wrap.ts';
import { DEFAULT_GIFT_WRAP_PAISE } from '../../../domain/gifts.ts';
import type { CodConfirmationLinks } from './cod-links.ts';
import type { OrderRow } from '../orders/order-dto.ts';
import type { OrderLifecycle } from '../orders/order-lifecycle.ts';
import { byIdOrNumber, type Actor } from '../orders/order-service.ts';
import type { OrderSpentHook, PlaceOrder, RedeemPersonalCoupon } from '../orders/place-order.ts';
import { offeredIn, type BalanceService } from '../balances/balance-service.ts';
import { claimTenders, planOffered, takeOfferedTenders } from '../balances/tenders.ts';

const ORDER_NOT_FOUND = 'Order not found';
/** Orders the expiry job cancels per transaction, so one run never holds many product rows for long. */
const EXPIRY_BATCH = 100;

/** A basket priced for cash on delivery: its bill with the zone's fee charged, and whether it may be had. */
interface CodQuote {
  priced: PricedCart;
  bill: Bill;
  terms: ZoneTerms;
  pincode: string;
  feePaise: number;
  totalPaise: number;
}

export interface CodServiceDeps {
  db: Database;
  offers: Offers;
  shipping: ShippingService;
  placeCheckoutOrder: PlaceOrder;
  lifecycle: OrderLifecycle;
  notifications: NotificationService;
  links: CodConfirmationLinks;
  redeemPersonalCoupon: RedeemPersonalCoupon;
  clock: () => Date;
  /** COD_MAX_ORDER, in paise. */
  maxOrderPaise: number;
  onStockChanged: () => void;
  /** GIFT_WRAP_PRICE */
  giftWrapPaise?: number;
  /** Gift cards and store credit, which pay part of the bill so the courier collects only the rest. */
  balances?: BalanceService;
}

/**
 * Cash on delivery: the checkout's eligibility question, placing an order to be paid at the door (with the same
 * stock and coupon guarantees as a prepaid checkout), the customer's confirmation, the back office's 'Cash
 * collected' and 'Returned to origin', and the job that cancels orders nobody confirmed. Every change of status
 * goes through the order lifecycle (domain/order-lifecycle.ts).
 */
export class CodService {
  private readonly collectedHooks: OrderSpentHook[] = [];

  private readonly giftWrapPaise: number;

  constructor(private readonly deps: CodServiceDeps) {
    this.giftWrapPaise = deps.giftWrapPaise ?? DEFAULT_GIFT_WRAP_PAISE;
  }

  /** Something else the shop does when an order's cash is collected (it counts as spent from then on). */
  onCollected(hook: OrderSpentHook): void {
    this.collectedHooks.push(hook);
  }

  /** Whether the checkout may offer cash on delivery for this basket and address, and if not, why. */
  async eligibility(userId: string, body: CreatePaymentOrderBody): Promise<CodEligibilityResponse> {
    const quote = await this.quote(userId, body);
    const verdict = await this.verdict(this.deps.db, userId, quote);
    return {
      success: true,
      available: verdict.eligible,
      reason: verdict.eligible ? null : verdict.reason,
      codFee: paiseToRupees(quote.feePaise),
      total: paiseToRupees(quote.totalPaise),
      includedGst: paiseToRupees(includedGstPaise(quote.bill, quote.priced.rateOf)),
    };
  }

  /**
   * Places the order to be paid on delivery, in one transaction: the customer's row is locked first (so two of
   * their orders at once cannot both be the one that stays under the open-orders limit), the rules are checked,
   * then the units and a limited coupon's use are set aside exactly as a prepaid checkout's are and at once
   * become the order's. Returns the order's id.
   */
  async placeOrder(userId: string, body: CreatePaymentOrderBody): Promise<string> {
    // A gift card bought is paid online: the courier brings potions, and a card is e-mailed before any door is reached.
    if (body.giftCards?.length) throw fieldRefusal('invalid', 'giftCards', 'A gift card is paid for online, not cash on delivery');
    const offered = await offeredIn(this.deps.balances, userId, body);
    const quote = await this.quote(userId, body);
    const { priced } = quote;
    // Gift cards and store credit pay first, as they would online; the courier collects the rest (decision 0084).
    // The bill, the fee and the limits stay the whole order's. Nothing left to collect is no cash on delivery: the
    // prepaid checkout places such an order without a fee and without waiting for a confirmation.
    const { plan, tenders } = planOffered(quote.totalPaise, offered);
    if (tenders.length && plan.collectPaise === 0) throw fieldRefusal('invalid', offered[tenders.at(-1)!.position]!.field, COD_REASONS.paidByBalances);
    const now = this.deps.clock();
    const checkoutId = randomUUID();
    const coupon = priced.coupon?.ok ? priced.coupon : null;
    const outcome = await this.deps.db.transaction(async (tx) => {
      const [account] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for('update');
      const verdict = await this.verdict(tx, userId, quote);
      if (!verdict.eligible) throw refusalOf(verdict);

      // The order's mail, its confirmation link first, goes to the account's address, which the rules above
      // require to be verified: an address typed into the form could be a stranger's, who would be sent a
      // working link to confirm an order they never made.
      const proven = { ...body, customerInfo: { ...body.customerInfo, email: account!.email } };
      const { checkout, changes, cappedPromotions } = await openCheckout(tx, priced, proven, {
        id: checkoutId,
        userId,
        provider: 'cod',
        providerOrderId: `cod_${checkoutId}`,
        bill: quote.bill,
        // Held only for the moment it takes to become the order's, below.
        holdExpiresAt: now,
        now,
        balancesPaise: plan.balancesPaise,
      });
      // After the stock and promotion rows, as every checkout takes them: of two after a card's last rupees, one gets them.
      await takeOfferedTenders(tx, checkoutId, tenders, offered, now);

      const { order: placed, lines } = await this.deps.placeCheckoutOrder(tx, checkout, { kind: 'cod', confirmBy: codConfirmBy(now) });
      await claimTenders(tx, { id: placed.id, checkoutId, balancesPaise: placed.balancesPaise }, now);
      if (coupon?.personalCouponId && !(await this.deps.redeemPersonalCoupon(tx, coupon.personalCouponId, placed.id))) {
        throw fieldRefusal('conflict', 'couponCode', `Coupon ${coupon.coupon.code} was already used`);
      }
      // The held units become the order's, as a paid checkout's do.
      await this.deps.lifecycle.apply(tx, placed, { type: 'cod-placed' }, null, { stockHeld: true, lines });
      await tx.update(checkouts).set({ holdState: 'converted', updatedAt: now }).where(eq(checkouts.id, checkoutId));
      for (const change of changes) await announceLowStock(this.deps.notifications, tx, change);
      return { id: placed.id, soldOut: changes.some(showsOnStorefront), cappedPromotions };
    });
    // The storefront only shows a potion selling out, not its count.
    if (outcome.soldOut) this.deps.onStockChanged();
    if (outcome.cappedPromotions.length) this.deps.offers.promotions.changed();
    return outcome.id;
  }

  /**
   * The customer confirms their order: signed in as its owner, or holding the link's signed token. To anyone
   * else (or with a token that was not signed for it) the order does not exist. Confirming twice is harmless.
   */
  async confirm(viewer: { id: string } | null, idOrNumber: string, token: string | undefined): Promise<ConfirmCodResponse> {
    if (!token && !viewer) throw new Refusal('unauthenticated', 'Sign in, or use the link in your e-mail, to confirm this order');
    return this.deps.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(byIdOrNumber(idOrNumber)).for('update');
      const allowed = order && order.paymentMethod === 'cod' && (token ? await this.deps.links.verify(order.id, token) : order.userId === viewer!.id);
      if (!order || !allowed || !order.codConfirmBy) throw notFoundRefusal(ORDER_NOT_FOUND);
      const outcome = await this.confirmLocked(tx, order, token ? 'email' : 'web');
      return confirmed(order, outcome.at);
    });
  }

  /**
   * Confirms a locked cash-on-delivery order, the one way every channel does it (the page, the e-mailed link, the
   * WhatsApp button): `already` when it was confirmed before (by whichever channel), a refusal (409) once it was
   * cancelled or its time ran out.
   */
  async confirmLocked(tx: Transaction, order: OrderRow, via: 'web' | 'email' | 'whatsapp'): Promise<{ outcome: 'confirmed' | 'already'; at: Date }> {
    if (order.codConfirmedAt) return { outcome: 'already', at: order.codConfirmedAt };
    if (order.status === 'cancelled') throw new Refusal('conflict', `Order ${order.orderNumber} was cancelled, so it can no longer be confirmed`);
    const now = this.deps.clock();
    if (!order.codConfirmBy || !codConfirmWindowOpen(order.codConfirmBy, now)) {
      throw new Refusal('conflict', `The time to confirm order ${order.orderNumber} ran out at ${formatShopDate(order.codConfirmBy ?? now, 'dateTime')}`);
    }
    await this.deps.lifecycle.apply(tx, order, { type: 'cod-confirmed' }, { id: order.userId, name: order.customerName }, { set: { codConfirmedAt: now, codConfirmedVia: via } });
    return { outcome: 'confirmed', at: now };
  }

  /**
   * The customer declines a cash-on-delivery order they have not confirmed (the WhatsApp button): cancelled
   * through the lifecycle as an admin's cancellation is, its units back, nothing owed. Once confirmed, it is the
   * shop's to cancel (it may be packed already).
   */
  async declineLocked(tx: Transaction, order: OrderRow, note: string): Promise<void> {
    if (order.paymentMethod !== 'cod' || order.paymentStatus !== 'cod_pending') throw new Refusal('conflict', `Order ${order.orderNumber} is not waiting to be paid on delivery`);
    if (order.status === 'cancelled') throw new Refusal('conflict', `Order ${order.orderNumber} was already cancelled`);
    if (order.codConfirmedAt) throw new Refusal('conflict', `Order ${order.orderNumber} was already confirmed, so only the shop can cancel it now`);
    const applied = await this.deps.lifecycle.apply(tx, order, { type: 'cancel', note }, { id: order.userId, name: order.customerName });
    if (applied.stockMoved) this.deps.onStockChanged();
  }

  /** 'Cash collected': the courier brought the money, so the order is paid (and invoiced) now. */
  async markCollected(actor: Actor, idOrNumber: string): Promise<string> {
    return this.adminEvent(actor, idOrNumber, 'order.cod-collected', async (tx, order) => {
      const { order: paid } = await this.deps.lifecycle.apply(tx, order, { type: 'cod-collected' }, actor, { set: { codCollectedAt: this.deps.clock() } });
      for (const hook of this.collectedHooks) await hook(tx, paid);
    });
  }

  /** 'Returned to origin': the parcel came back unpaid; its units go back and the customer's record counts it. */
  async returnedToOrigin(actor: Actor, idOrNumber: string, note: string | undefined): Promise<string> {
    const orderId = await this.adminEvent(actor, idOrNumber, 'order.cod-rto', async (tx, order) => {
      await this.deps.lifecycle.apply(tx, order, { type: 'cod-returned-to-origin', note: note ?? null }, actor, { set: { codReturnedAt: this.deps.clock() } });
    });
    this.deps.onStockChanged();
    return orderId;
  }

  /**
   * The scheduled job's work: every COD order still unconfirmed after its deadline is cancelled and gives its
   * units back. Idempotent: a cancelled or confirmed order no longer matches, and rows another process is
   * working on are skipped for the next run. Returns how many orders it cancelled.
   */
  async expireUnconfirmed(now: Date = this.deps.clock()): Promise<number> {
    let expired = 0;
    for (;;) {
      const batch = await this.deps.db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.paymentStatus, 'cod_pending'), isNull(orders.codConfirmedAt), ne(orders.status, 'cancelled'), lt(orders.codConfirmBy, now)))
          .orderBy(asc(orders.codConfirmBy))
          .limit(EXPIRY_BATCH)
          .for('update', { skipLocked: true });
        for (const order of due) await this.deps.lifecycle.apply(tx, order, { type: 'cod-expired' }, null);
        return due.length;
      });
      expired += batch;
      if (batch < EXPIRY_BATCH) break;
    }
    if (expired > 0) this.deps.onStockChanged();
    return expired;
  }

  /** One admin action on a locked order, with its audit record (the order's state before and after). */
  private async adminEvent(actor: Actor, idOrNumber: string, action: string, apply: (tx: Transaction, order: OrderRow) => Promise<void>): Promise<string> {
    return this.deps.db.transaction(async (tx) => {
      const [before] = await tx.select().from(orders).where(byIdOrNumber(idOrNumber)).for('update');
      if (!before) throw notFoundRefusal(ORDER_NOT_FOUND);
      await apply(tx, before);
      const [after] = await tx.select({ status: orders.status, paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, before.id));
      await recordAudit(tx, {
        actorId: actor.id,
        action,
        targetType: 'order',
        targetId: before.id,
        details: { orderNumber: before.orderNumber, before: { status: before.status, paymentStatus: before.paymentStatus }, after },
      });
      return before.id;
    });
  }

  /** Prices the basket as a prepaid checkout would, refusing what it would refuse, and adds the zone's fee. */
  private async quote(userId: string, body: CreatePaymentOrderBody): Promise<CodQuote> {
    // The body's check asks for an address with potions; gift cards alone are refused before this (paid online).
    const { zipCode } = body.shippingAddress ?? { zipCode: '' };
    const pincode = normalisePin(zipCode) ?? zipCode;
    const now = this.deps.clock();
    // The zone's fee first: an offer that waives it is weighed against the others by what it saves.
    const terms = await this.deps.shipping.termsFor(pincode, now);
    const zoneFeePaise = terms.codAllowed ? terms.codFeePaise : 0;
    const basket = await priceCart(this.deps.db, this.deps.offers, body.items, body.couponCode, now, userId, { codFeePaise: zoneFeePaise });
    const priced = giftWrapped(basket, body.gift, this.giftWrapPaise);
    const problems = basketProblems(priced);
    if (problems) throw new Refusal(problems.kind, problems.errors[0]!.message, problems.errors);
    if (priced.coupon && !priced.coupon.ok) throw fieldRefusal('invalid', 'couponCode', priced.coupon.message);
    if (priced.totalPaise < MINIMUM_ORDER_PAISE) throw fieldRefusal('invalid', 'items', `The order total must be at least ${formatPaise(MINIMUM_ORDER_PAISE)}`);
    const feePaise = priced.codFeeWaivedBy ? 0 : zoneFeePaise;
    const bill = withCharge(priced.bill, { kind: 'cod-fee', amountPaise: feePaise });
    return { priced, bill, terms, pincode, feePaise, totalPaise: billTotals(bill).totalPaise };
  }

  /** The rules of domain/cash-on-delivery.ts over the account's record, read with `db` (the order's transaction). */
  private async verdict(db: Pick<Database, 'select'>, userId: string, quote: CodQuote): Promise<CodEligibility> {
    const cod = and(eq(orders.userId, userId), eq(orders.paymentMethod, 'cod'));
    const [[account], [open], outcomes] = await Promise.all([
      db.select({ emailVerifiedAt: users.emailVerifiedAt, phoneVerifiedAt: users.phoneVerifiedAt }).from(users).where(eq(users.id, userId)),
      db
        .select({ count: sql<number>`count(*)::int` })
        .from(orders)
        .where(and(cod, eq(orders.paymentStatus, 'cod_pending'))),
      db
        .select({ returned: orders.codReturnedAt })
        .from(orders)
        .where(and(cod, or(isNotNull(orders.codCollectedAt), isNotNull(orders.codReturnedAt))))
        .orderBy(desc(sql`coalesce(${orders.codReturnedAt}, ${orders.codCollectedAt})`))
        .limit(2),
    ]);
    return codEligibility({
      pincode: quote.pincode,
      serviceable: quote.terms.serviceable,
      codAllowed: quote.terms.codAllowed,
      totalPaise: quote.totalPaise,
      maxOrderPaise: this.deps.maxOrderPaise,
      emailVerified: !!account?.emailVerifiedAt,
      phoneVerified: !!account?.phoneVerifiedAt,
      openCodOrders: open?.count ?? 0,
      latestOutcomes: outcomes.map((outcome) => (outcome.returned ? 'returned' : 'collected')),
    });
  }
}

/** Account rules are the customer's (403); the address's and the basket's are 400 on the field to change. */
function refusalOf(verdict: Extract<CodEligibility, { eligible: false }>): Refusal {
  if (verdict.rule === 'account') return new Refusal('forbidden', verdict.reason);
  return fieldRefusal('invalid', verdict.rule === 'pincode' ? 'shippingAddress.zipCode' : 'items', verdict.reason);
}

function confirmed(order: OrderRow, at: Date): ConfirmCodResponse {
  return { success: true, orderNumber: order.orderNumber, confirmedAt: at.toISOString() };
}
