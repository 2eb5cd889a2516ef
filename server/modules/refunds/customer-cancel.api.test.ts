import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/orders.ts';
import { formatPaise } from '../../../domain/money.ts';
import type { Product } from '../../../contracts/products.ts';
import { balanceAccounts, balanceEntries, orders, products } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { placeOrder, type Line } from '../../../tests/support/checkout.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { issueGiftCard } from '../../../tests/support/gift-cards.ts';

/** A customer cancels their paid order before dispatch, and the refund follows where they chose (decision 0075). */
let shop: TestShop;
let admin: string;
let valor: Product;

beforeAll(async () => {
  shop = await startTestShop({ env: { PAYMENT_ORDER_RATE_LIMIT: '100' } });
  admin = await signInAdmin(shop);
  valor = (await shop.app.inject({ method: 'GET', url: '/api/products/valor' })).json().product;
  await shop.database.db.update(products).set({ inventory: 200 }).where(eq(products.id, valor.id));
});
afterAll(async () => {
  await shop?.close();
});

const lines = (): Line[] => [{ productId: valor.id, size: '50ml', quantity: 2 }];
const cancel = (token: string, orderNumber: string, body?: unknown) => call(shop, 'POST', `/api/orders/${orderNumber}/cancel`, { token, ...(body === undefined ? {} : { body }) });
const inventory = async () => (await shop.database.db.select({ inventory: products.inventory }).from(products).where(eq(products.id, valor.id)))[0]!.inventory;
const paise = (rupees: number) => Math.round(rupees * 100);

async function storeCredit(userId: string) {
  const [account] = await shop.database.db.select().from(balanceAccounts).where(and(eq(balanceAccounts.kind, 'store-credit'), eq(balanceAccounts.userId, userId)));
  if (!account) return null;
  const entries = await shop.database.db.select().from(balanceEntries).where(eq(balanceEntries.accountId, account.id)).orderBy(balanceEntries.id);
  return { balancePaise: account.balancePaise, entries };
}

describe("a customer's own cancellation before dispatch", () => {
  it('to store credit: cancelled, the units back on the shelf, the whole total on their credit at once with an entry naming the order', async () => {
    const customer = await registerCustomer(shop);
    const order = await placeOrder(shop, customer.token, lines());
    const before = await inventory();
    const cancelled = await cancel(customer.token, order.orderNumber, { refundTo: 'store-credit' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const after = cancelled.body.order as Order;
    expect(after).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundedAmount: order.total });
    expect(cancelled.body.message).toBe(`Order ${order.orderNumber} is cancelled. Refunded ${formatPaise(paise(order.total))} onto your store credit as you asked.`);
    expect(await inventory()).toBe(before + 2);
    expect(await storeCredit(customer.user.id)).toEqual({
      balancePaise: paise(order.total),
      entries: [expect.objectContaining({ reason: 'refund', amountPaise: paise(order.total), orderId: order.id })],
    });
    // The provider was not asked: the refund's id says where the money went.
    const [row] = await shop.database.db.select({ providerRefundId: orders.providerRefundId }).from(orders).where(eq(orders.id, order.id));
    expect(row!.providerRefundId).toBe(`store-credit-order-${order.id}`);
  });

  it('by default back the way the money came, through the provider, and nothing onto store credit', async () => {
    const customer = await registerCustomer(shop);
    const order = await placeOrder(shop, customer.token, lines());
    const cancelled = await cancel(customer.token, order.orderNumber);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundedAmount: order.total });
    const [row] = await shop.database.db.select({ providerRefundId: orders.providerRefundId }).from(orders).where(eq(orders.id, order.id));
    expect(row!.providerRefundId).toMatch(/^rfnd_/);
    expect(await storeCredit(customer.user.id)).toBeNull();
  });

  it('gives a gift card back what it paid, and only the money collected goes onto store credit', async () => {
    const { code, giftCard } = await issueGiftCard(shop, admin, 500);
    const customer = await registerCustomer(shop);
    const order = await placeOrder(shop, customer.token, lines(), { giftCardCodes: [code] });
    expect(order.paidWithBalances).toBe(500);
    const cancelled = await cancel(customer.token, order.orderNumber, { refundTo: 'store-credit' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const [card] = await shop.database.db.select().from(balanceAccounts).where(eq(balanceAccounts.id, giftCard.id));
    expect(card!.balancePaise).toBe(500_00);
    const credit = await storeCredit(customer.user.id);
    expect(credit).toMatchObject({ balancePaise: paise(order.total) - 500_00 });
    expect(credit!.entries.map((entry) => entry.orderId)).toEqual([order.id]);
  });

  it('is refused once a parcel is packed, for another customer, and a second time; bad input names the field; each changes nothing', async () => {
    const customer = await registerCustomer(shop);
    const packed = await placeOrder(shop, customer.token, lines());
    const shipped = await call(shop, 'POST', `/api/admin/orders/${packed.orderNumber}/shipments`, { token: admin, body: { courierName: 'Delhivery', awb: 'DLV123456789' } });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(201);
    const late = await cancel(customer.token, packed.orderNumber, { refundTo: 'store-credit' });
    expect(late.status).toBe(409);
    expect(late.body.message).toContain('already packed or on its way');

    const order = await placeOrder(shop, customer.token, lines());
    const stranger = await registerCustomer(shop);
    expect((await cancel(stranger.token, order.orderNumber)).status).toBe(404);
    const bad = await cancel(customer.token, order.orderNumber, { refundTo: 'gold-coins' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('refundTo');
    const unchanged = (await call(shop, 'GET', `/api/orders/${order.orderNumber}`, { token: customer.token })).body.order as Order;
    expect(unchanged).toMatchObject({ status: order.status, paymentStatus: 'paid', refundedAmount: 0 });
    expect(await storeCredit(customer.user.id)).toBeNull();

    expect((await cancel(customer.token, order.orderNumber, { refundTo: 'store-credit' })).status).toBe(200);
    const again = await cancel(customer.token, order.orderNumber, { refundTo: 'store-credit' });
    expect(again.status).toBe(409);
    expect((await storeCredit(customer.user.id))!.entries).toHaveLength(1);
  });
});
