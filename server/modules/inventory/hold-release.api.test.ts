import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, emailMessages, products } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { createPaymentOrder, sandboxPay, verifyPayment } from '../../../tests/support/checkout.ts';
import { productStock } from '../../../tests/support/product-stock.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { releaseExpiredHolds } from './checkout-holds.ts';

let shop: TestShop;
let customer: Awaited<ReturnType<typeof registerCustomer>>;
let other: Awaited<ReturnType<typeof registerCustomer>>;
let nazar: number;
let hush: number;

const stock = async (id: number) => {
  const { inventory, held } = await productStock(shop.database.db, id);
  return { inventory, held };
};
const release = (providerOrderId: string, token = customer.token) => call(shop, 'POST', '/api/payments/razorpay/release-hold', { token, body: { razorpay_order_id: providerOrderId } });
const backInStockMails = async (to: string) =>
  (await shop.database.db.select().from(emailMessages).where(and(eq(emailMessages.template, 'back-in-stock'), eq(emailMessages.toAddress, to)))).length;

async function openCheckout(productId: number, quantity: number): Promise<string> {
  const created = await createPaymentOrder(shop, customer.token, [{ productId, size: '30ml', quantity }]);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return (created.body.razorpayOrder as { id: string }).id;
}

beforeAll(async () => {
  shop = await startTestShop();
  customer = await registerCustomer(shop);
  other = await registerCustomer(shop);
  const rows = await shop.database.db.select().from(products);
  nazar = rows.find((row) => row.slug === 'nazar')!.id;
  hush = rows.find((row) => row.slug === 'hush')!.id;
});
afterAll(async () => {
  await shop?.close();
});

describe('POST /api/payments/razorpay/release-hold (the shopper closed the payment window)', () => {
  it('gives the caller’s held units back once, refuses anyone else’s, and a payment that still comes becomes an order', async () => {
    await shop.database.db.update(products).set({ inventory: 5 }).where(eq(products.id, nazar));
    const providerOrderId = await openCheckout(nazar, 2);
    expect(await stock(nazar)).toEqual({ inventory: 3, held: 2 });
    // The owner sees the units set aside beside what is free to sell.
    const listed = await call(shop, 'GET', '/api/admin/products?search=nazar', { token: await signInAdmin(shop) });
    expect((listed.body.products as { id: number; inventory: number; held: number }[]).find((product) => product.id === nazar)).toMatchObject({ inventory: 3, held: 2 });

    const stranger = await release(providerOrderId, other.token);
    expect(stranger.status).toBe(404);
    expect(stranger.body.errors).toEqual([{ field: 'razorpay_order_id', message: 'Unknown payment order' }]);
    expect((await release('order_NeverMade000001')).status).toBe(404);
    expect((await release(providerOrderId, '')).status).toBe(401);
    expect(await stock(nazar)).toEqual({ inventory: 3, held: 2 });

    const released = await release(providerOrderId);
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(released.body).toEqual({ success: true, released: true });
    expect(await stock(nazar)).toEqual({ inventory: 5, held: 0 });
    const [checkout] = await shop.database.db.select().from(checkouts).where(eq(checkouts.providerOrderId, providerOrderId));
    expect(checkout).toMatchObject({ holdState: 'released', status: 'awaiting_payment' });

    // Asked again (a second dismiss, a retried request): nothing more comes back.
    expect((await release(providerOrderId)).body).toEqual({ success: true, released: false });
    expect(await stock(nazar)).toEqual({ inventory: 5, held: 0 });

    // Razorpay may still capture a payment begun before the window closed: it takes what is left, like a late one.
    const verified = await verifyPayment(shop, customer.token, await sandboxPay(shop, customer.token, providerOrderId));
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.order).toMatchObject({ paymentStatus: 'paid' });
    expect(await stock(nazar)).toEqual({ inventory: 3, held: 0 });
    expect((await release(providerOrderId)).body).toEqual({ success: true, released: false });
    expect(await stock(nazar)).toEqual({ inventory: 3, held: 0 });
  });
});

describe('held units coming back to a sold-out potion', () => {
  it('e-mail the shoppers waiting for it, as a restock does: when the hold expires, and when the shopper closes the window', async () => {
    await shop.database.db.update(products).set({ inventory: 1 }).where(eq(products.id, hush));
    await openCheckout(hush, 1);
    expect(await stock(hush)).toEqual({ inventory: 0, held: 1 });
    const waiting = await call(shop, 'POST', '/api/waitlist', { body: { productId: hush, email: 'moth@deosil.test' } });
    expect(waiting.status, JSON.stringify(waiting.body)).toBeLessThan(300);

    const waitlist = shop.app.services.stockWaitlist;
    const released = await releaseExpiredHolds(shop.database.db, new Date(Date.now() + 24 * 60 * 60 * 1000), (tx, ids) => waitlist.announceBackInStock(tx, ids));
    expect(released).toBeGreaterThanOrEqual(1);
    expect(await stock(hush)).toEqual({ inventory: 1, held: 0 });
    expect(await backInStockMails('moth@deosil.test')).toBe(1);

    // Sold out again by a checkout, waited for again, and the shopper closes the payment window.
    const providerOrderId = await openCheckout(hush, 1);
    expect((await call(shop, 'POST', '/api/waitlist', { body: { productId: hush, email: 'owl@deosil.test' } })).status).toBeLessThan(300);
    expect((await release(providerOrderId)).body).toEqual({ success: true, released: true });
    expect(await backInStockMails('owl@deosil.test')).toBe(1);
    // The first shopper's wait had ended: one e-mail each.
    expect(await backInStockMails('moth@deosil.test')).toBe(1);
  });
});
