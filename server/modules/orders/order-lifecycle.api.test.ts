import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/orders.ts';
import { emailMessages, notifications, orders, products } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { placeOrder } from '../../../tests/support/checkout.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

/**
 * One test per status change the spec lets an admin make from the order modal, through the admin API: the
 * lifecycle table decides stock, money, history, the customer's notice and e-mail.
 */
let shop: TestShop;
let customer: Awaited<ReturnType<typeof registerCustomer>>;
let adminToken: string;
let productId: number;
let order: Order;

const inventory = async () => (await shop.database.db.select().from(products).where(eq(products.id, productId)))[0]!.inventory;
const setStatus = (status: string, note?: string) =>
  call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: adminToken, body: { status, ...(note ? { note } : {}) } });
const mailsOf = async (template: string) =>
  shop.database.db.select().from(emailMessages).where(and(eq(emailMessages.template, template), eq(emailMessages.toAddress, order.customerEmail)));
const lastNotice = async () => {
  const rows = await shop.database.db.select().from(notifications).where(eq(notifications.userId, customer.user.id));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1)!;
};

beforeAll(async () => {
  shop = await startTestShop();
  customer = await registerCustomer(shop);
  adminToken = await signInAdmin(shop);
  const [potion] = await shop.database.db.select().from(products).where(eq(products.slug, 'dark-poppy'));
  productId = potion!.id;
  await shop.database.db.update(products).set({ inventory: 10 }).where(eq(products.id, productId));
  order = await placeOrder(shop, customer.token, [{ productId, size: '30ml', quantity: 2 }]);
});
afterAll(async () => {
  await shop?.close();
});

describe('status changes from the admin order modal', () => {
  it('payment: pending and paid, 2 units taken, a confirmation e-mail and a history entry by System', async () => {
    expect(order).toMatchObject({ status: 'pending', paymentStatus: 'paid' });
    expect(await inventory()).toBe(8);
    expect(order.statusHistory).toEqual([expect.objectContaining({ status: 'pending', note: 'Payment received', updatedBy: 'System' })]);
    expect(await mailsOf('order-confirmation')).toHaveLength(1);
  });

  it('pending → processing: brewing, stock unchanged, the customer told', async () => {
    const response = await setStatus('processing');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.order).toMatchObject({ status: 'processing', paymentStatus: 'paid' });
    expect(await inventory()).toBe(8);
    expect((await lastNotice()).message).toBe(`Order ${order.orderNumber} status changed to Processing — Brewing in Progress`);
  });

  it('processing → shipped: the shipped e-mail', async () => {
    expect((await setStatus('shipped')).body.order).toMatchObject({ status: 'shipped' });
    expect(await mailsOf('order-shipped')).toHaveLength(1);
  });

  it('shipped → out-for-delivery: its e-mail', async () => {
    expect((await setStatus('out-for-delivery')).body.order).toMatchObject({ status: 'out-for-delivery' });
    expect(await mailsOf('order-out-for-delivery')).toHaveLength(1);
  });

  it('out-for-delivery → delivered: the delivered e-mail and a review request a week later', async () => {
    expect((await setStatus('delivered')).body.order).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
    expect(await mailsOf('order-delivered')).toHaveLength(1);
    const [request] = await mailsOf('review-request');
    expect(request?.sendAfter.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 60 * 60 * 1000);
  });

  it('delivered → cancelled: the units come back, the payment waits for a refund, the admins are asked', async () => {
    const response = await setStatus('cancelled', 'Lost in transit');
    expect(response.body.order).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_pending' });
    expect((response.body.order as Order).statusHistory.at(-1)).toMatchObject({ status: 'cancelled', note: 'Lost in transit', updatedBy: 'Coven Keeper' });
    expect(await inventory()).toBe(10);
    expect(await mailsOf('order-cancelled')).toHaveLength(1);
    const alerts = await shop.database.db.select().from(notifications).where(eq(notifications.title, 'Refund Needed'));
    expect(alerts.some((alert) => alert.message.includes(order.orderNumber))).toBe(true);
  });

  it('cancelled → pending (reopening): the units are taken again and the order is paid again', async () => {
    const response = await setStatus('pending');
    expect(response.body.order).toMatchObject({ status: 'pending', paymentStatus: 'paid' });
    expect(await inventory()).toBe(8);
  });

  it('the same status again changes nothing; a reopening without the units is 409 and changes nothing', async () => {
    const history = (await setStatus('pending')).body.order as Order;
    expect(history.statusHistory).toHaveLength(order.statusHistory.length + 6);
    await setStatus('cancelled');
    await shop.database.db.update(products).set({ inventory: 1 }).where(eq(products.id, productId));
    const refused = await setStatus('shipped');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This order cannot be reopened: Dark Poppy sold out');
    expect(await inventory()).toBe(1);
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_pending', holdsStock: false });
  });
});
