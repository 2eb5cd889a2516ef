import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/orders.ts';
import { checkoutSignals, products, purchaseEventSends } from '../../db/schema/index.ts';
import { registerCustomer } from '../../../tests/support/accounts.ts';
import { SHIPPING, sandboxPay, verifyPayment, type Line } from '../../../tests/support/checkout.ts';
import { startFakeAnalytics, type FakeAnalytics } from '../../../tests/support/fake-analytics.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { PurchaseEvents } from './purchase-events.ts';

const GA4_ID = 'G-TEST12345';
const PIXEL_ID = '123456789012';
const API_SECRET = 'mp-secret-1234';
const ACCESS_TOKEN = 'EAAGtesttoken1234567890';
const VISITOR = '0f8fad5b-d9cb-469f-a165-70867728950e';

let fake: FakeAnalytics;
let shop: TestShop;
let items: Line[];

beforeAll(async () => {
  fake = await startFakeAnalytics({ apiSecret: API_SECRET, accessToken: ACCESS_TOKEN });
  shop = await startTestShop({
    env: {
      JOBS_IN_WEB: 'true',
      GA4_MEASUREMENT_ID: GA4_ID,
      GA4_API_SECRET: API_SECRET,
      GA4_COLLECT_URL: fake.collectUrl,
      META_PIXEL_ID: PIXEL_ID,
      META_CONVERSIONS_TOKEN: ACCESS_TOKEN,
      META_GRAPH_URL: fake.graphUrl,
    },
  });
  const [potion] = await shop.database.db.select({ id: products.id }).from(products).where(eq(products.slug, 'valor'));
  items = [{ productId: potion!.id, size: '30ml', quantity: 2 }];
});
afterAll(async () => {
  await shop?.close();
  await fake?.close();
});

async function buy(cookie: string): Promise<Order> {
  const customer = await registerCustomer(shop, { phone: '+91 98765 43210' });
  const created = await shop.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/create-payment-order',
    payload: { items, ...SHIPPING, customerInfo: { ...SHIPPING.customerInfo, email: 'Mira.Night@Deosil.test' } },
    headers: { authorization: `Bearer ${customer.token}`, cookie, 'user-agent': 'Mozilla/5.0 (test)' },
  });
  expect(created.statusCode, created.body).toBe(200);
  const confirmation = await sandboxPay(shop, customer.token, created.json().razorpayOrder.id as string);
  const verified = await verifyPayment(shop, customer.token, confirmation);
  expect(verified.status).toBe(200);
  return verified.body.order as Order;
}

const forOrder = (order: Order) => fake.requests.filter((request) => JSON.stringify(request.body).includes(order.orderNumber));
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
async function settle(order: Order, expected: number) {
  await expect.poll(() => forOrder(order).length, { timeout: 20_000, interval: 200 }).toBe(expected);
  // A little longer, to see that nothing more arrives.
  await new Promise((resolve) => setTimeout(resolve, 1500));
}

describe('the purchase sent from the server', () => {
  it('goes to GA4 and Meta once each with the order number as the dedup key and hashed contact details, then the ids are forgotten', async () => {
    const order = await buy(`deosil_consent=1.am.${VISITOR}; _ga=GA1.1.1234567890.1700000000; _fbp=fb.1.1700000000000.987654321`);
    await settle(order, 2);
    const [ga4, meta] = [forOrder(order).find((request) => request.path === '/mp/collect')!, forOrder(order).find((request) => request.path.endsWith('/events'))!];
    expect(ga4.query).toEqual({ measurement_id: GA4_ID, api_secret: API_SECRET });
    expect(ga4.body).toMatchObject({
      client_id: '1234567890.1700000000',
      events: [{ name: 'purchase', params: { transaction_id: order.orderNumber, currency: 'INR', value: order.total, items: [expect.objectContaining({ item_variant: '30ml', quantity: 2 })] } }],
    });
    expect(meta.path).toBe(`/v21.0/${PIXEL_ID}/events`);
    expect(meta.query).toEqual({ access_token: ACCESS_TOKEN });
    const [event] = (meta.body as { data: Record<string, unknown>[] }).data;
    expect(event).toMatchObject({
      event_name: 'Purchase',
      event_id: order.orderNumber,
      action_source: 'website',
      user_data: { em: [sha256('mira.night@deosil.test')], ph: [sha256('919876543210')], fbp: 'fb.1.1700000000000.987654321', client_user_agent: 'Mozilla/5.0 (test)' },
      custom_data: { currency: 'INR', value: order.total, order_id: order.orderNumber },
    });
    expect(JSON.stringify(meta.body)).not.toContain('deosil.test');
    expect(await shop.database.db.select().from(purchaseEventSends).where(eq(purchaseEventSends.orderId, order.id))).toHaveLength(2);
    expect(await shop.database.db.select().from(checkoutSignals)).toEqual([]);
  });

  it('goes only where the shopper allowed: analytics alone reaches GA4, and no consent or a garbled cookie reaches nobody', async () => {
    const analyticsOnly = await buy(`deosil_consent=1.a-.${VISITOR}; _ga=GA1.1.55.66; _fbp=fb.1.1700000000000.1`);
    await settle(analyticsOnly, 1);
    expect(forOrder(analyticsOnly)[0]!.path).toBe('/mp/collect');

    for (const cookie of ['_ga=GA1.1.55.66', `deosil_consent=1.--.${VISITOR}`, 'deosil_consent=yes-please; _ga=GA1.1.55.66']) {
      const order = await buy(cookie);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(forOrder(order), cookie).toEqual([]);
    }
  });

  it('fails on an outage so the queue retries, and a retry sends each destination once', async () => {
    fake.failNext(2);
    const order = await buy(`deosil_consent=1.am.${VISITOR}`);
    // The queue's first attempt meets the outage at GA4 and fails; its retry would come a minute later.
    await expect.poll(() => forOrder(order).length, { timeout: 20_000 }).toBe(1);
    const events = new PurchaseEvents(shop.database.db, {
      ga4: { measurementId: GA4_ID, apiSecret: API_SECRET, url: fake.collectUrl },
      meta: { pixelId: PIXEL_ID, accessToken: ACCESS_TOKEN, url: fake.graphUrl },
      shopUrl: 'http://127.0.0.1',
    });
    await expect(events.send(order.id)).rejects.toThrow(/ga4 answered 500/);
    await events.send(order.id);
    await events.send(order.id);
    const accepted = forOrder(order).slice(2);
    expect(accepted.map((request) => request.path)).toEqual(['/mp/collect', `/v21.0/${PIXEL_ID}/events`]);
    expect(await shop.database.db.select().from(purchaseEventSends).where(eq(purchaseEventSends.orderId, order.id))).toHaveLength(2);
  });
});
