import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { billTotals, type Bill } from '../../../domain/bill.ts';
import { formatPaise, paiseToRupees } from '../../../domain/money.ts';
import { showsOnStorefront } from '../../../domain/stock.ts';
import { linesThatFit } from '../../../domain/sets.ts';
import type { CreatePaymentOrderBody, CreatePaymentOrderResponse, PaymentConfirmation } from '../../../contracts/payments.ts';
import type { FieldError } from '../../../contracts/api.ts';
import type { Database } from '../../db/client.ts';
import type { Transaction } from '../../jobs/sql-executor.ts';
import { checkouts, type SnapshotLine } from '../../db/schema/index.ts';
import { fieldRefusal, Refusal, type RefusalKind } from '../../../domain/refusal.ts';
import type { PaymentProvider } from '../../payments/payment-provider.ts';
import { priceCart, type PricedCart } from '../cart/cart-pricing.ts';
import type { Offers } from '../cart/cart-pricing.ts';
import type { Fulfilment, PaymentFulfilment } from '../payments/payment-fulfilment.ts';
import { announceLowStock } from '../products/stock-alert.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import { releaseHolds, type BackInStock } from '../inventory/checkout-holds.ts';
import { askProvider, takePayment } from '../payments/provider-calls.ts';
import { HoldShortfall, holdStock } from '../inventory/stock.ts';
import { giftDetails, giftWrapped } from './gift-wrap.ts';
import { DEFAULT_GIFT_WRAP_PAISE } from '../../../domain/gifts.ts';
import { normalisePin } from '../../../domain/india-states.ts';
import { countPromotionUses, PromotionUsedUp, recordPromotionUses } from '../promotions/promotion-uses.ts';
import type { ShippingService } from '../shipping/shipping-service.ts';
import { offeredIn, type BalanceService, type OfferedBalance } from '../balances/balance-service.ts';
import { planOffered, takeOfferedTenders, type PlannedTender } from '../balances/tenders.ts';
import type { GiftCardSaleService } from '../gift-card-sales/gift-card-sale-service.ts';
import { RecentCheckouts, type CheckoutFacts } from './recent-checkouts.ts';

function unknownPaymentOrder(): Refusal {
  return new Refusal('invalid', 'Payment verification failed: unknown payment order', [{ field: 'razorpay_order_id', message: 'Unknown payment order' }]);
}

/** Razorpay refuses orders under ₹1. */
export const MINIMUM_ORDER_PAISE = 100;

/**
 * The line to blame when a product's units could not be set aside: the first line (sizes share one stock, and a
 * set draws on its components') whose units of it, with the earlier lines', exceed what is left.
 */
export function shortLine(priced: PricedCart, shortfall: HoldShortfall): Refusal {
  const fits = linesThatFit(priced.lines, (productId) => (productId === shortfall.productId ? shortfall.available : Number.POSITIVE_INFINITY));
  const index = fits.indexOf(false);
  // Only the free gift's potion ran short: the offer cannot be given as priced, so the basket is priced afresh.
  if (index < 0) {
    const gift = priced.gifts.find((candidate) => candidate.productId === shortfall.productId);
    return fieldRefusal('conflict', 'items', `The free ${gift?.name ?? 'gift'} has just run out: please review your cart`);
  }
  const line = priced.lines[index]!;
  const message = shortfall.available > 0 ? `Only ${shortfall.available} of ${line.name} left` : `${line.name} is sold out`;
  return fieldRefusal('conflict', `items.${index}.quantity`, message);
}

/** Why a priced basket cannot be paid for, as field errors the checkout can show against its lines. */
export function basketProblems(priced: PricedCart): { kind: RefusalKind; errors: FieldError[] } | null {
  const errors: FieldError[] = [];
  let kind: RefusalKind = 'invalid';
  priced.lines.forEach((line, index) => {
    if (line.problem === 'unknown-product') errors.push({ field: `items.${index}.productId`, message: `Product ${line.productId} is not sold here` });
    else if (line.problem === 'unknown-size') errors.push({ field: `items.${index}.size`, message: `${line.name} does not come in ${line.size}` });
    else if (line.problem === 'out-of-stock' || line.problem === 'insufficient-stock') {
      kind = errors.length ? kind : 'conflict';
      errors.push({
        field: `items.${index}.quantity`,
        message: line.availableQuantity > 0 && line.problem === 'insufficient-stock' ? `Only ${line.availableQuantity} of ${line.name} left` : `${line.name} is sold out`,
      });
    }
  });
  return errors.length ? { kind, errors } : null;
}

/** The checkout's lines: the basket's, then the free gifts its promotions add (which take stock like any line). */
export function snapshotLines(priced: PricedCart): SnapshotLine[] {
  const bought = priced.lines.map((line) => ({
    productId: line.productId,
    name: line.name!,
    slug: line.slug!,
    categoryId: line.categoryId!,
    size: line.size,
    quantity: line.quantity,
    unitPricePaise: line.unitPricePaise,
    lineTotalPaise: line.lineTotalPaise,
    image: line.image,
    ...(line.components ? { components: line.components } : {}),
  }));
  const gifts = priced.gifts.map((gift) => ({
    productId: gift.productId,
    name: gift.name,
    slug: gift.slug,
    categoryId: gift.categoryId,
    size: gift.size,
    quantity: gift.quantity,
    unitPricePaise: gift.unitPricePaise,
    lineTotalPaise: gift.unitPricePaise * gift.quantity,
    image: gift.image,
    gift: true,
  }));
  return [...bought, ...gifts];
}

/**
 * What a checkout records beside its basket: who opens it, through which provider, its bill (the priced basket's,
 * with any charge the way of paying adds), until when.
 */
export interface CheckoutOpening {
  id: string;
  userId: string;
  provider: (typeof checkouts.$inferInsert)['provider'];
  providerOrderId: string;
  bill: Bill;
  holdExpiresAt: Date;
  now: Date;
  /** What gift cards and store credit pay of the bill's total (their tenders are taken by the caller). */
  balancesPaise?: number;
  /** Gift cards bought with it, collected on top of the bill (their rows are written by the caller). */
  vouchersPaise?: number;
}

/**
 * Stores the checkout of a priced basket and sets its units and its offers' uses aside, inside the
 * caller's transaction: a prepaid checkout holds them until it is paid, a cash-on-delivery one hands them to its
 * order at once. The checkout row and its offers' uses go first and the stock rows (one statement) after, so the
 * potion's row, which every shopper of it needs, stays locked only from its update to the commit. Units that are gone, or a coupon at its limit,
 * are a refusal naming the line or the coupon. Returns the row and the stock changes, for the low-stock notices.
 */
export async function openCheckout(tx: Transaction, priced: PricedCart, body: CreatePaymentOrderBody, opening: CheckoutOpening) {
  const coupon = priced.coupon?.ok ? priced.coupon : null;
  const lines = snapshotLines(priced);
  const totals = billTotals(opening.bill);
  const [checkout] = await tx
    .insert(checkouts)
    .values({
      id: opening.id,
      userId: opening.userId,
      provider: opening.provider,
      providerOrderId: opening.providerOrderId,
      amountPaise: totals.totalPaise,
      subtotalPaise: totals.subtotalPaise,
      discountPaise: totals.adjustmentsPaise,
      balancesPaise: opening.balancesPaise ?? 0,
      vouchersPaise: opening.vouchersPaise ?? 0,
      lines,
      adjustments: opening.bill.adjustments,
      charges: opening.bill.charges,
      coupon: coupon
        ? {
            festivalId: coupon.festival?.id ?? null,
            personalCouponId: coupon.personalCouponId ?? null,
            code: coupon.coupon.code,
            name: coupon.coupon.name,
            couponType: coupon.coupon.couponType,
            discountPaise: priced.discountPaise,
          }
        : null,
      customer: body.customerInfo,
      shippingAddress: body.shippingAddress ?? null,
      buyerGstin: body.business?.gstin ?? null,
      buyerLegalName: body.business?.legalName ?? null,
      gift: giftDetails(body.gift),
      holdState: 'held',
      holdExpiresAt: opening.holdExpiresAt,
      createdAt: opening.now,
      updatedAt: opening.now,
    })
    .returning();
  // The offers' uses are only this checkout's own rows: recorded before the stock, which every shopper of the
  // potion waits on, and counted against their caps after it.
  await recordPromotionUses(tx, opening.id, opening.userId, priced.promotions);
  let changes: Awaited<ReturnType<typeof holdStock>>;
  try {
    changes = await holdStock(tx, lines);
  } catch (error) {
    if (error instanceof HoldShortfall) throw shortLine(priced, error);
    throw error;
  }
  // Promotion rows last, a festival's coupon among them: the order every checkout takes them in.
  let cappedPromotions: number[] = [];
  try {
    cappedPromotions = await countPromotionUses(tx, opening.id, opening.userId, priced.promotions);
  } catch (error) {
    if (error instanceof PromotionUsedUp) {
      // A festival's coupon keeps the words it has always been refused in.
      const message = error.promotion.festivalId === null ? `${error.message}: please review your cart` : error.message;
      throw fieldRefusal('conflict', error.promotion.code ? 'couponCode' : 'items', message);
    }
    throw error;
  }
  return { checkout: checkout!, changes, cappedPromotions };
}

function preparedCheckoutQueries(db: Database) {
  const facts = {
    id: checkouts.id,
    userId: checkouts.userId,
    providerOrderId: checkouts.providerOrderId,
    amountPaise: checkouts.amountPaise,
    balancesPaise: checkouts.balancesPaise,
    vouchersPaise: checkouts.vouchersPaise,
  };
  return {
    byProviderOrder: db.select(facts).from(checkouts).where(eq(checkouts.providerOrderId, sql.placeholder('providerOrderId'))).prepare('checkout_facts_by_provider_order'),
  };
}

export interface CheckoutServiceDeps {
  db: Database;
  offers: Offers;
  provider: PaymentProvider;
  fulfilment: PaymentFulfilment;
  notifications: NotificationService;
  clock: () => Date;
  /** CHECKOUT_HOLD_MINUTES */
  holdMinutes: number;
  onStockChanged: () => void;
  shipping: ShippingService;
  /** Shoppers waiting for a sold-out product hear when a released hold brings it back. */
  backInStock?: BackInStock;
  /** GIFT_WRAP_PRICE */
  giftWrapPaise?: number;
  /** Gift cards and store credit the shopper may pay with. */
  balances?: BalanceService;
  /** Gift cards on sale, bought beside the basket. */
  giftCardSales?: GiftCardSaleService;
}

/**
 * The two calls of the browser's checkout: make a payment order for a basket the server prices itself, and
 * turn a payment the provider signed into an order.
 */
export class CheckoutService {
  private readonly giftWrapPaise: number;

  constructor(private readonly deps: CheckoutServiceDeps) {
    this.giftWrapPaise = deps.giftWrapPaise ?? DEFAULT_GIFT_WRAP_PAISE;
  }

  private prepared?: ReturnType<typeof preparedCheckoutQueries>;
  /** The payment orders this process opened lately: the test payment and the confirmation need not read them. */
  private readonly recent = new RecentCheckouts();

  /** Every payment asks this: built once and prepared. */
  private reads() {
    return (this.prepared ??= preparedCheckoutQueries(this.deps.db));
  }

  /**
   * Prices the basket and asks the provider for a payment order, then in one transaction sets the basket's units
   * (and a limited coupon's use) aside for CHECKOUT_HOLD_MINUTES and stores the checkout with that order's id; a
   * shopper who cannot have them hears it here, before any payment exists.
   */
  async createPaymentOrder(userId: string, body: CreatePaymentOrderBody): Promise<CreatePaymentOrderResponse & { placedOrderId?: string }> {
    // Gift cards alone (decision 0083): nothing goes by courier, and the bill has no lines.
    const giftCardsOnly = body.items.length === 0;
    if (body.shippingAddress) await this.refuseUndeliverable(body.shippingAddress.zipCode);
    const now = this.deps.clock();
    const priced = giftWrapped(await priceCart(this.deps.db, this.deps.offers, body.items, body.couponCode, now, userId), body.gift, this.giftWrapPaise);
    const problems = basketProblems(priced);
    if (problems) throw new Refusal(problems.kind, problems.errors[0]!.message, problems.errors);
    if (priced.coupon && !priced.coupon.ok) {
      throw fieldRefusal('invalid', 'couponCode', priced.coupon.message);
    }
    if (!giftCardsOnly && priced.totalPaise < MINIMUM_ORDER_PAISE) {
      const message = `The order total must be at least ${formatPaise(MINIMUM_ORDER_PAISE)}`;
      throw fieldRefusal('invalid', 'items', message);
    }

    // Gift cards bought are no part of the bill (a voucher's sale is not a supply, decision 0074): Razorpay collects
    // them on top of what the balances leave of it, and balances never pay for them.
    const vouchers = this.soldGiftCards(body, now);
    const checkoutId = randomUUID();
    // Gift cards and store credit pay first (a tender, not a discount: the bill stays as priced); Razorpay collects
    // the rest, and nothing at all when they pay the whole order.
    const offered = await offeredIn(this.deps.balances, userId, body);
    const { plan, tenders } = planOffered(priced.totalPaise, offered);
    const collectPaise = plan.collectPaise + vouchers.paise;
    if (collectPaise === 0) return this.payWithBalances(userId, body, priced, checkoutId, tenders, offered, now);
    // The provider is asked first, outside any transaction: no stock row is locked while Razorpay answers, and a
    // refusal leaves nothing to undo. A basket that loses its last units to another shopper meanwhile is told so
    // below, before it can pay; its payment order is never shown to anyone, and Razorpay's expire unpaid.
    const providerOrder = await askProvider('Failed to create payment order', () =>
      this.deps.provider.createOrder({ amountPaise: collectPaise, receipt: checkoutId, notes: { checkoutId } }),
    );
    const opened = await this.deps.db.transaction(async (tx) => {
      const { checkout, changes, cappedPromotions } = await openCheckout(tx, priced, body, {
        id: checkoutId,
        userId,
        provider: this.deps.provider.name,
        providerOrderId: providerOrder.id,
        bill: priced.bill,
        holdExpiresAt: new Date(now.getTime() + this.deps.holdMinutes * 60_000),
        now,
        balancesPaise: plan.balancesPaise,
        vouchersPaise: vouchers.paise,
      });
      await takeOfferedTenders(tx, checkoutId, tenders, offered, now);
      await this.deps.giftCardSales?.record(tx, checkoutId, userId, vouchers.cards, now);
      for (const change of changes) await announceLowStock(this.deps.notifications, tx, change);
      return { checkout, soldOut: changes.some(showsOnStorefront), cappedPromotions };
    });
    this.recent.remember(opened.checkout);
    // Every checkout moves stock, but the storefront only shows a potion selling out.
    if (opened.soldOut) this.deps.onStockChanged();
    // A promotion at its cap stops showing in quotes everywhere at once.
    if (opened.cappedPromotions.length) this.deps.offers.promotions.changed();
    return {
      success: true,
      razorpayOrder: providerOrder,
      key: this.deps.provider.keyId,
      provider: this.deps.provider.name,
      amount: paiseToRupees(priced.totalPaise),
      activeOffers: [],
      ...(plan.balancesPaise ? { balances: paiseToRupees(plan.balancesPaise) } : {}),
      ...(vouchers.paise ? { giftCards: paiseToRupees(vouchers.paise) } : {}),
    };
  }

  private soldGiftCards(body: CreatePaymentOrderBody, now: Date) {
    if (!body.giftCards?.length) return { cards: [], paise: 0 };
    if (!this.deps.giftCardSales) throw fieldRefusal('invalid', 'giftCards', 'Gift cards are not sold here');
    return this.deps.giftCardSales.price(body.giftCards, now);
  }

  /**
   * An order gift cards and store credit pay in full: no provider is asked and no payment window opens. The
   * checkout is stored and its units, uses and balances taken in one transaction, as any checkout's; it is then
   * fulfilled at once as a payment of nothing collected. Should the process stop in between, the hold simply
   * runs out and gives everything back.
   */
  private async payWithBalances(userId: string, body: CreatePaymentOrderBody, priced: PricedCart, checkoutId: string, tenders: PlannedTender[], offered: OfferedBalance[], now: Date) {
    const providerOrderId = `bal_${checkoutId.replace(/-/g, '')}`;
    const opened = await this.deps.db.transaction(async (tx) => {
      const { changes, cappedPromotions } = await openCheckout(tx, priced, body, {
        id: checkoutId,
        userId,
        provider: 'balances',
        providerOrderId,
        bill: priced.bill,
        holdExpiresAt: new Date(now.getTime() + this.deps.holdMinutes * 60_000),
        now,
        balancesPaise: priced.totalPaise,
      });
      await takeOfferedTenders(tx, checkoutId, tenders, offered, now);
      for (const change of changes) await announceLowStock(this.deps.notifications, tx, change);
      return { soldOut: changes.some(showsOnStorefront), cappedPromotions };
    });
    if (opened.cappedPromotions.length) this.deps.offers.promotions.changed();
    const fulfilment = await this.deps.fulfilment.fulfil(providerOrderId, providerOrderId, { amount: 0, currency: 'INR', method: 'balances' });
    if (opened.soldOut) this.deps.onStockChanged();
    return {
      success: true as const,
      razorpayOrder: { id: providerOrderId, amount: 0, currency: 'INR' as const },
      key: '',
      provider: 'balances' as const,
      amount: paiseToRupees(priced.totalPaise),
      activeOffers: [],
      balances: paiseToRupees(priced.totalPaise),
      placedOrderId: fulfilment!.orderId,
    };
  }

  /** No payment for a parcel no courier of ours can bring: told before paying, in the PIN box's words. */
  private async refuseUndeliverable(zipCode: string): Promise<void> {
    const pincode = normalisePin(zipCode) ?? zipCode;
    const terms = await this.deps.shipping.termsFor(pincode);
    if (terms.serviceable) return;
    const message = `We don't deliver to ${pincode} yet`;
    throw fieldRefusal('invalid', 'shippingAddress.zipCode', message);
  }

  /**
   * The shopper closed the payment window without paying: their checkout's units (and a limited coupon's use) go
   * back now rather than when the hold runs out. Only the caller's own live hold; asking again, or after the
   * payment, the failure or the expiry, releases nothing. The checkout stays payable, like an expired one: a
   * payment that still comes becomes an order while the stock allows.
   */
  async releaseHold(userId: string, providerOrderId: string): Promise<boolean> {
    const released = await this.deps.db.transaction(async (tx) => {
      const [checkout] = await tx
        .select({ id: checkouts.id, userId: checkouts.userId, lines: checkouts.lines, coupon: checkouts.coupon, holdState: checkouts.holdState, status: checkouts.status })
        .from(checkouts)
        .where(eq(checkouts.providerOrderId, providerOrderId))
        .for('update');
      if (!checkout || checkout.userId !== userId) throw new Refusal('not-found', 'Unknown payment order', [{ field: 'razorpay_order_id', message: 'Unknown payment order' }]);
      if (checkout.holdState !== 'held' || checkout.status !== 'awaiting_payment') return false;
      const back = await releaseHolds(tx, [checkout]);
      if (back.length && this.deps.backInStock) await this.deps.backInStock(tx, back);
      return true;
    });
    if (released) this.deps.onStockChanged();
    return released;
  }

  /**
   * Checks that the checkout the browser names is the caller's and the signature against the order id stored on
   * our server (the browser's copy is only used to find it), has the provider capture the payment, and only then
   * writes anything: a payment of another amount or currency becomes a refund case.
   */
  async confirmPayment(userId: string, confirmation: PaymentConfirmation): Promise<Fulfilment> {
    const checkout = await this.ownCheckout(userId, confirmation.razorpay_order_id);
    const paymentId = confirmation.razorpay_payment_id;
    const valid = this.deps.provider.isValidPayment({ orderId: checkout.providerOrderId, paymentId, signature: confirmation.razorpay_signature });
    if (!valid) throw new Refusal('invalid', 'Payment verification failed: the payment signature does not match', [{ field: 'razorpay_signature', message: 'Invalid payment signature' }]);
    const captured = await takePayment(this.deps.provider, checkout, paymentId);
    const fulfilment = await this.deps.fulfilment.fulfil(checkout.providerOrderId, paymentId, captured);
    if (!fulfilment) throw unknownPaymentOrder();
    return fulfilment;
  }

  /** The caller's own checkout's facts; anyone else's reads as unknown. */
  async ownCheckout(userId: string, providerOrderId: string): Promise<CheckoutFacts> {
    let checkout = this.recent.find(providerOrderId);
    if (!checkout) {
      [checkout] = await this.reads().byProviderOrder.execute({ providerOrderId });
      if (checkout) this.recent.remember(checkout);
    }
    if (!checkout || checkout.userId !== userId) throw unknownPaymentOrder();
    return checkout;
  }
}
