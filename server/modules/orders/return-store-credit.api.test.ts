import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/orders.ts';
import type { OrderReturn } from '../../../contracts/returns.ts';
import { balanceAccounts, balanceEntries, products } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { placeOrder } from '../../../tests/support/checkout.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

/** 'Refund to store credit instantly': a return's money goes onto the customer's store credit, not back to the card. */
let shop: TestShop;
let adminToken: string;
let poppy: number;

const deliver = (order: Order) => call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: adminToken, body: { status: 'delivered' } });
const act = (id: number, body: unknown) => call(shop, 'PUT', `/api/admin/returns/${id}`, { token: adminToken, body });

beforeAll(async () => {
  shop = await startTestShop();
  adminToken = await signInAdmin(shop);
  poppy = (await shop.database.db.select().from(products)).find((row) => row.slug === 'dark-poppy')!.id;
  await shop.database.db.update(products).set({ inventory: 20 });
});
afterAll(async () => {
  await shop?.close();
});

async function returned(refundTo: 'original' | 'store-credit' | undefined) {
  const customer = await registerCustomer(shop);
  const order = await placeOrder(shop, customer.token, [{ productId: poppy, size: '30ml', quantity: 2 }]);
  expect((await deliver(order)).status).toBe(200);
  const line = order.items[0]!;
  const asked = await call(shop, 'POST', `/api/orders/${order.orderNumber}/returns`, { token: customer.token, body: { lines: [{ orderItemId: line.id, quantity: 1 }], reason: 'changed-my-mind', ...(refundTo ? { refundTo } : {}) } });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  const request = asked.body.return as OrderReturn;
  expect((await act(request.id, { action: 'approve' })).status).toBe(200);
  const received = await act(request.id, { action: 'receive', restock: true });
  expect(received.status, JSON.stringify(received.body)).toBe(200);
  return { customer, order, request, done: received.body.return as OrderReturn };
}

async function storeCreditOf(userId: string) {
  const [account] = await shop.database.db.select().from(balanceAccounts).where(eq(balanceAccounts.userId, userId));
  return account ?? null;
}

describe('a return refunded to store credit', () => {
  it('credits the customer at once, with a ledger entry naming the order, and asks the provider for nothing', async () => {
    const { customer, order, request, done } = await returned('store-credit');
    expect(request.refundTo).toBe('store-credit');
    expect(done).toMatchObject({ status: 'received', statusName: 'Refunded', refundId: `store-credit-return-${request.id}` });
    const credit = await storeCreditOf(customer.user.id);
    expect(credit).toMatchObject({ kind: 'store-credit', balancePaise: Math.round(done.refundAmount * 100) });
    const entries = await shop.database.db.select().from(balanceEntries).where(eq(balanceEntries.accountId, credit!.id));
    expect(entries.map((entry) => [entry.reason, entry.amountPaise, entry.orderId])).toEqual([['refund', Math.round(done.refundAmount * 100), order.id]]);
    const after = (await call(shop, 'GET', `/api/orders/${order.orderNumber}`, { token: customer.token })).body.order as Order;
    expect(after.refundedAmount).toBe(done.refundAmount);
    // The credit note is issued as for any refund: it reduces the supply, whatever the money went back to.
    expect(after.creditNotes.length).toBe(1);
    // The customer's balance page shows it.
    const mine = await call(shop, 'GET', '/api/balances', { token: customer.token });
    expect(mine.body.storeCredit).toMatchObject({ balance: done.refundAmount });
  });

  it('goes back the way the money came by default', async () => {
    const { customer, request, done } = await returned(undefined);
    expect(request.refundTo).toBe('original');
    expect(done.refundId).toMatch(/^rfnd_/);
    expect(await storeCreditOf(customer.user.id)).toBeNull();
  });

  it('refuses an unknown choice, naming the field, and writes nothing', async () => {
    const customer = await registerCustomer(shop);
    const order = await placeOrder(shop, customer.token, [{ productId: poppy, size: '30ml', quantity: 1 }]);
    await deliver(order);
    const asked = await call(shop, 'POST', `/api/orders/${order.orderNumber}/returns`, { token: customer.token, body: { lines: [{ orderItemId: order.items[0]!.id, quantity: 1 }], reason: 'changed-my-mind', refundTo: 'gold-coins' } });
    expect(asked.status).toBe(400);
    expect(asked.body.errors?.[0]?.field).toBe('refundTo');
    const mine = await call(shop, 'GET', `/api/orders/${order.orderNumber}/returns`, { token: customer.token });
    expect(mine.body.returns).toEqual([]);
  });
});
