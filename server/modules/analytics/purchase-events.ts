import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { ga4PurchaseBody, metaPurchaseBody, type PurchaseOrder, type PurchaseSignals } from '../../../domain/purchase-events.ts';
import type { Database } from '../../db/client.ts';
import { checkoutSignals, orderItems, orders, purchaseEventSends } from '../../db/schema/index.ts';

/** The job queue that sends a purchase from the server, one job per order. */
export const PURCHASE_EVENTS_QUEUE = 'purchase-events';
export interface PurchaseEventsJob {
  orderId: string;
}

export interface PurchaseDestinations {
  ga4: { measurementId: string; apiSecret: string; url: string } | null;
  meta: { pixelId: string; accessToken: string; url: string } | null;
  shopUrl: string;
}

type Destination = 'ga4' | 'meta';
const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/**
 * Sends an order's purchase to GA4 (Measurement Protocol) and Meta (Conversions API) from the server, so a closed
 * tab or an ad blocker does not lose it: only to the destinations the shopper allowed at checkout, each once
 * (a sent one is recorded, so a retried job skips it), then forgets the browser's ids (decision record 0066).
 * A destination that answers with an error fails the job, which the queue retries.
 */
export class PurchaseEvents {
  constructor(
    private readonly db: Database,
    private readonly destinations: PurchaseDestinations,
    private readonly post: (url: string, body: object) => Promise<{ ok: boolean; status: number }> = async (url, body) => {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      return { ok: response.ok, status: response.status };
    },
  ) {}

  /** Whether any destination is configured: without one no job is ever queued. */
  get configured(): boolean {
    return this.destinations.ga4 !== null || this.destinations.meta !== null;
  }

  /** The destinations a checkout's consent allows among those configured. */
  allowed(consent: { analytics: boolean; marketing: boolean }): Destination[] {
    return [...(consent.analytics && this.destinations.ga4 ? (['ga4'] as const) : []), ...(consent.marketing && this.destinations.meta ? (['meta'] as const) : [])];
  }

  async send(orderId: string): Promise<void> {
    const [row] = await this.db
      .select({ order: orders, signals: checkoutSignals })
      .from(orders)
      .innerJoin(checkoutSignals, eq(checkoutSignals.checkoutId, orders.checkoutId))
      .where(eq(orders.id, orderId));
    // No signals: the consent was not given, or everything was sent and the ids forgotten.
    if (!row) return;
    const lines = await this.db
      .select({ productId: orderItems.productId, name: orderItems.name, size: orderItems.size, quantity: orderItems.quantity, unitPricePaise: orderItems.unitPricePaise })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id));
    const order: PurchaseOrder = {
      orderNumber: row.order.orderNumber,
      totalPaise: row.order.totalPaise,
      createdAt: row.order.createdAt,
      email: row.order.customerEmail,
      phone: row.order.customerPhone,
      lines,
    };
    const signals: PurchaseSignals = { gaClientId: row.signals.gaClientId, fbp: row.signals.fbp, fbc: row.signals.fbc, userAgent: row.signals.userAgent };
    const sent = new Set((await this.db.select({ destination: purchaseEventSends.destination }).from(purchaseEventSends).where(eq(purchaseEventSends.orderId, orderId))).map((done) => done.destination));
    for (const destination of this.allowed(row.signals)) {
      if (sent.has(destination)) continue;
      const { url, body } = this.request(destination, order, signals);
      const answer = await this.post(url, body);
      if (!answer.ok) throw new Error(`${destination} answered ${answer.status} to the purchase of order ${order.orderNumber}`);
      await this.db.insert(purchaseEventSends).values({ orderId, destination }).onConflictDoNothing();
    }
    // Sent everywhere it may go: the browser's ids and user agent are no longer needed.
    await this.db.delete(checkoutSignals).where(and(eq(checkoutSignals.checkoutId, row.order.checkoutId)));
  }

  private request(destination: Destination, order: PurchaseOrder, signals: PurchaseSignals): { url: string; body: object } {
    if (destination === 'ga4') {
      const ga4 = this.destinations.ga4!;
      return {
        url: `${ga4.url}?measurement_id=${encodeURIComponent(ga4.measurementId)}&api_secret=${encodeURIComponent(ga4.apiSecret)}`,
        body: ga4PurchaseBody(order, signals),
      };
    }
    const meta = this.destinations.meta!;
    return {
      url: `${meta.url}/${encodeURIComponent(meta.pixelId)}/events?access_token=${encodeURIComponent(meta.accessToken)}`,
      body: metaPurchaseBody(order, signals, this.destinations.shopUrl, sha256),
    };
  }
}
