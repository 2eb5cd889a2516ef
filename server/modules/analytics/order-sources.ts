import { and, desc, eq, sql } from 'drizzle-orm';
import type { AttributionResponse } from '../../../contracts/attribution.ts';
import { touchesFromCookieHeader, type Touch } from '../../../domain/attribution.ts';
import { consentFromCookieHeader } from '../../../domain/cookie-consent.ts';
import { gaClientIdOf, metaCookieOf } from '../../../domain/purchase-events.ts';
import type { Transaction } from '../../jobs/sql-executor.ts';
import { paiseToRupees } from '../../../domain/money.ts';
import { ANALYTICS_PERIODS, periodWindow, type AnalyticsPeriod } from '../../../domain/reporting-periods.ts';
import type { Database } from '../../db/client.ts';
import { checkoutAttributions, checkoutSignals, checkouts, orderAttributions, orders } from '../../db/schema/index.ts';
import { countsAsSpentSql } from '../orders/order-totals.ts';
import type { OrderCreatedHook } from '../orders/place-order.ts';
import type { PurchaseEvents, PurchaseEventsJob } from './purchase-events.ts';
import { within } from './time-filters.ts';

type Writer = Pick<Database, 'select' | 'insert'>;

/** What the checkout's request tells of the shopper's sources, consent and the tags' ids. */
export interface CheckoutHeaders {
  cookie?: string;
  'user-agent'?: string;
}

/** One cookie's value from a Cookie header. */
function cookieOf(header: string | undefined, name: string): string | null {
  for (const pair of (header ?? '').split(';')) {
    const [key, ...rest] = pair.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

/** Queues the order's server-side purchase (GA4, Meta) when its checkout carries a consent a destination needs. */
export interface PurchaseQueue {
  events: Pick<PurchaseEvents, 'allowed' | 'configured'>;
  send(tx: Transaction | null, job: PurchaseEventsJob): Promise<void>;
}

const columnsOf = (first: Touch, last: Touch) => ({
  firstSource: first.source,
  firstMedium: first.medium,
  firstCampaign: first.campaign,
  firstAt: new Date(first.at),
  lastSource: last.source,
  lastMedium: last.medium,
  lastCampaign: last.campaign,
  lastAt: new Date(last.at),
});

/** Copies a checkout's sources to its order (an order whose checkout has none came direct and gets no row). */
async function copyToOrder(db: Writer, orderId: string, checkoutId: string): Promise<void> {
  const [found] = await db.select().from(checkoutAttributions).where(eq(checkoutAttributions.checkoutId, checkoutId));
  if (!found) return;
  await db
    .insert(orderAttributions)
    .values({ orderId, ...columnsOf(found.firstTouch, found.lastTouch) })
    .onConflictDoNothing();
}

/**
 * The campaign or site that brought each checkout and order, first and last touch (decision record 0066), from
 * the browser's touch cookie; and revenue by source for the back office. A missing or garbled cookie is a
 * direct visit: nothing is written and the checkout goes on.
 */
export class OrderSources {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    private readonly purchases?: PurchaseQueue,
  ) {}

  /** What the request carries worth keeping: its sources, and its consent when a configured destination may use it. */
  private readFrom(headers: CheckoutHeaders) {
    const touches = touchesFromCookieHeader(headers.cookie);
    const consent = consentFromCookieHeader(headers.cookie);
    const signalled = consent && this.purchases && this.purchases.events.allowed(consent).length > 0 ? consent : null;
    return touches || signalled ? { touches, consent: signalled } : null;
  }

  /** The checkout's sources, and its consent with the tags' ids when a configured destination may use them. */
  private async recordCheckout(checkoutId: string, headers: CheckoutHeaders, read: NonNullable<ReturnType<OrderSources['readFrom']>>): Promise<void> {
    const { touches, consent } = read;
    if (touches) await this.db.insert(checkoutAttributions).values({ checkoutId, firstTouch: touches.first, lastTouch: touches.last }).onConflictDoNothing();
    if (!consent) return;
    await this.db
      .insert(checkoutSignals)
      .values({
        checkoutId,
        analytics: consent.analytics,
        marketing: consent.marketing,
        gaClientId: consent.analytics ? gaClientIdOf(cookieOf(headers.cookie, '_ga')) : null,
        fbp: consent.marketing ? metaCookieOf(cookieOf(headers.cookie, '_fbp')) : null,
        fbc: consent.marketing ? metaCookieOf(cookieOf(headers.cookie, '_fbc')) : null,
        userAgent: consent.marketing ? (headers['user-agent'] ?? '').slice(0, 500) || null : null,
      })
      .onConflictDoNothing();
  }

  /** After a payment order is made: the checkout is found by the provider's order id the answer carries. */
  async recordPaymentOrder(providerOrderId: string, headers: CheckoutHeaders): Promise<void> {
    // Most checkouts carry neither (a direct visit, no consent): they cost no query here.
    const read = this.readFrom(headers);
    if (!read) return;
    const [checkout] = await this.db.select({ id: checkouts.id }).from(checkouts).where(eq(checkouts.providerOrderId, providerOrderId));
    if (checkout) await this.recordCheckout(checkout.id, headers, read);
  }

  /** An order placed at once (Cash on Delivery): its checkout's sources and consent, then its own, then its purchase. */
  async recordPlacedOrder(orderId: string, headers: CheckoutHeaders): Promise<void> {
    const read = this.readFrom(headers);
    if (!read) return;
    const [order] = await this.db.select({ checkoutId: orders.checkoutId }).from(orders).where(eq(orders.id, orderId));
    if (!order) return;
    await this.recordCheckout(order.checkoutId, headers, read);
    await copyToOrder(this.db, orderId, order.checkoutId);
    await this.queuePurchase(this.db, null, orderId, order.checkoutId);
  }

  private async queuePurchase(db: Writer, tx: Transaction | null, orderId: string, checkoutId: string): Promise<void> {
    if (!this.purchases?.events.configured) return;
    const [signals] = await db.select({ checkoutId: checkoutSignals.checkoutId }).from(checkoutSignals).where(eq(checkoutSignals.checkoutId, checkoutId));
    if (signals) await this.purchases.send(tx, { orderId });
  }

  /** Runs in the transaction that makes a paid order: its sources are written and its purchase queued with it. */
  readonly onOrderCreated: OrderCreatedHook = async (tx, order) => {
    await copyToOrder(tx, order.id, order.checkoutId);
    await this.queuePurchase(tx, tx, order.id, order.checkoutId);
  };

  /** Orders and revenue (less refunds) in the period by source, medium and campaign of the chosen touch. */
  async report(period: AnalyticsPeriod, touch: 'first' | 'last'): Promise<AttributionResponse> {
    const window = periodWindow(this.clock(), ANALYTICS_PERIODS[period].days);
    const source = touch === 'first' ? orderAttributions.firstSource : orderAttributions.lastSource;
    const medium = touch === 'first' ? orderAttributions.firstMedium : orderAttributions.lastMedium;
    const campaign = touch === 'first' ? orderAttributions.firstCampaign : orderAttributions.lastCampaign;
    const revenue = sql<number>`sum(${orders.totalPaise} - ${orders.refundedPaise})`.mapWith(Number);
    const rows = await this.db
      .select({
        source: sql<string>`coalesce(${source}, '(direct)')`,
        medium: sql<string>`coalesce(${medium}, '(none)')`,
        campaign: sql<string | null>`${campaign}`,
        orders: sql<number>`count(*)`.mapWith(Number),
        revenuePaise: revenue,
      })
      .from(orders)
      .leftJoin(orderAttributions, eq(orderAttributions.orderId, orders.id))
      .where(and(within(orders.createdAt, window.start, window.end), countsAsSpentSql))
      .groupBy(sql`1`, sql`2`, sql`3`)
      .orderBy(desc(revenue), sql`1`)
      .limit(100);
    return {
      success: true,
      period,
      touch,
      rows: rows.map((row) => ({ source: row.source, medium: row.medium, campaign: row.campaign, orders: row.orders, revenue: paiseToRupees(row.revenuePaise) })),
    };
  }
}
