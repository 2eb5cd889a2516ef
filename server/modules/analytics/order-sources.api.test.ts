import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/orders.ts';
import { touchCookieValue, withTouch, type Touch } from '../../../domain/attribution.ts';
import { checkoutAttributions, orderAttributions, products, users } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { SHIPPING, sandboxPay, verifyPayment, type Line } from '../../../tests/support/checkout.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

let shop: TestShop;
let admin: string;
let items: Line[];

beforeAll(async () => {
  shop = await startTestShop();
  admin = await signInAdmin(shop);
  const [potion] = await shop.database.db.select({ id: products.id }).from(products).where(eq(products.slug, 'valor'));
  items = [{ productId: potion!.id, size: '30ml', quantity: 1 }];
});
afterAll(async () => {
  await shop?.close();
});

const touch = (source: string, medium: string, campaign: string | null, at: string): Touch => ({ source, medium, campaign, at });
const instagramThenNewsletter = touchCookieValue(
  withTouch(withTouch(null, touch('instagram', 'paid_social', 'diwali', '2026-11-20T10:00:00.000Z')), touch('newsletter', 'email', 'moon-letter', '2026-11-26T10:00:00.000Z')),
);

async function post(url: string, token: string, body: unknown, cookie?: string) {
  const response = await shop.app.inject({ method: 'POST', url, payload: body as object, headers: { authorization: `Bearer ${token}`, ...(cookie ? { cookie } : {}) } });
  return { status: response.statusCode, body: response.json() };
}

async function payOnline(token: string, cookie?: string): Promise<Order> {
  const created = await post('/api/payments/razorpay/create-payment-order', token, { items, ...SHIPPING }, cookie);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const confirmation = await sandboxPay(shop, token, created.body.razorpayOrder.id as string);
  const verified = await verifyPayment(shop, token, confirmation);
  expect(verified.status).toBe(200);
  return verified.body.order as Order;
}

describe('where an order came from', () => {
  it('keeps the first and last touch on the checkout and the paid order', async () => {
    const customer = await registerCustomer(shop);
    const order = await payOnline(customer.token, `_ga=GA1.1.2.3; deosil_touch=${instagramThenNewsletter}`);
    const [onCheckout] = await shop.database.db.select().from(checkoutAttributions);
    expect(onCheckout).toMatchObject({ firstTouch: { source: 'instagram', campaign: 'diwali' }, lastTouch: { source: 'newsletter', medium: 'email' } });
    const [onOrder] = await shop.database.db.select().from(orderAttributions).where(eq(orderAttributions.orderId, order.id));
    expect(onOrder).toMatchObject({ firstSource: 'instagram', firstMedium: 'paid_social', firstCampaign: 'diwali', lastSource: 'newsletter', lastMedium: 'email', lastCampaign: 'moon-letter' });
  });

  it('keeps them on an order paid on delivery too', async () => {
    const customer = await registerCustomer(shop);
    // Paying on delivery needs a verified address.
    await shop.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, customer.user.id));
    const placed = await post('/api/payments/cod/place-order', customer.token, { items, ...SHIPPING }, `deosil_touch=${touchCookieValue(withTouch(null, touch('google.com', 'organic', null, '2026-11-26T09:00:00.000Z')))}`);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const [onOrder] = await shop.database.db.select().from(orderAttributions).where(eq(orderAttributions.orderId, placed.body.order.id as string));
    expect(onOrder).toMatchObject({ firstSource: 'google.com', lastSource: 'google.com', lastMedium: 'organic', lastCampaign: null });
  });

  it('takes a missing or garbled cookie as a direct visit, and the checkout goes on', async () => {
    const customer = await registerCustomer(shop);
    const before = (await shop.database.db.select().from(orderAttributions)).length;
    const order = await payOnline(customer.token, 'deosil_touch=%7B%22first%22%3A1%7D');
    expect(order.orderNumber).toBeTruthy();
    expect((await shop.database.db.select().from(orderAttributions)).length).toBe(before);
  });

  it('reports revenue and orders by source, medium and campaign, last or first touch', async () => {
    const last = await call(shop, 'GET', '/api/admin/analytics/sources?period=30days', { token: admin });
    expect(last.status).toBe(200);
    const rows = last.body.rows as { source: string; medium: string; campaign: string | null; orders: number; revenue: number }[];
    expect(rows).toContainEqual(expect.objectContaining({ source: 'newsletter', medium: 'email', campaign: 'moon-letter', orders: 1 }));
    // An order paid on delivery counts once its cash is collected, as in every other revenue figure.
    expect(rows.map((row) => row.source)).not.toContain('google.com');
    expect(rows).toContainEqual(expect.objectContaining({ source: '(direct)', medium: '(none)', campaign: null }));
    const newsletter = rows.find((row) => row.source === 'newsletter')!;
    expect(Number.isInteger(Math.round(newsletter.revenue * 100))).toBe(true);
    expect(newsletter.revenue).toBeGreaterThan(0);

    const first = await call(shop, 'GET', '/api/admin/analytics/sources?period=30days&touch=first', { token: admin });
    expect((first.body.rows as { source: string }[]).map((row) => row.source)).toContain('instagram');
    expect((first.body.rows as { source: string }[]).map((row) => row.source)).not.toContain('newsletter');

    const refused = await call(shop, 'GET', '/api/admin/analytics/sources?touch=middle', { token: admin });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/touch/);
    expect((await call(shop, 'GET', '/api/admin/analytics/sources')).status).toBe(401);
  });
});
