import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED_NAME } from '../../../domain/data-rights.ts';
import { accountTokens, checkouts, contactMessages, emailMessages, newsletterSubscribers, orders, products, rateCounters, sessions, stockWaitlist } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { placeOrder } from '../../../tests/support/checkout.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { applyRetention } from './retention.ts';

const DAY = 24 * 60 * 60_000;
const now = new Date('2027-06-15T06:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY);
let shop: TestShop;
let potion: number;

beforeAll(async () => {
  shop = await startTestShop({ env: { PAYMENT_SANDBOX_SECRET: 'sandbox-secret-for-tests-only' } });
  const [row] = await shop.database.db.update(products).set({ inventory: 1000 }).where(eq(products.slug, 'valor')).returning();
  potion = row!.id;
});
afterAll(async () => {
  await shop?.close();
});

describe('the retention job', () => {
  it('deletes what the notice keeps only for a period once the period is over, and nothing younger', async () => {
    const db = shop.database.db;
    const customer = await registerCustomer(shop);
    const userId = customer.user.id;
    const message = (createdAt: Date) => ({ ticketNumber: `DP-${randomUUID().slice(0, 4).toUpperCase()}-${randomUUID().slice(0, 4).toUpperCase()}`, name: 'Mira', email: 'mira@deosil.test', subject: 'Hello', message: 'Hi', createdAt });
    const contact = await db.insert(contactMessages).values([message(ago(731)), message(ago(729))]).returning({ id: contactMessages.id });
    const checkout = (createdAt: Date, status: 'failed' | 'awaiting_payment') => ({
      userId,
      provider: 'sandbox' as const,
      providerOrderId: `order_${randomUUID()}`,
      amountPaise: 10_000,
      subtotalPaise: 10_000,
      lines: [],
      customer: { name: 'Mira', email: 'mira@deosil.test', phone: '' },
      shippingAddress: { street: '1 Lane', city: 'Pune', state: 'Maharashtra', zipCode: '411001', country: 'India' },
      status,
      holdState: 'released' as const,
      createdAt,
    });
    const unpaid = await db.insert(checkouts).values([checkout(ago(31), 'failed'), checkout(ago(29), 'awaiting_payment')]).returning({ id: checkouts.id });
    const subscribers = await db
      .insert(newsletterSubscribers)
      .values([
        { email: `old.${randomUUID()}@deosil.test`, createdAt: ago(31) },
        { email: `new.${randomUUID()}@deosil.test`, createdAt: ago(29) },
        { email: `confirmed.${randomUUID()}@deosil.test`, createdAt: ago(400), confirmedAt: ago(399) },
      ])
      .returning({ id: newsletterSubscribers.id });
    const alerts = await db
      .insert(stockWaitlist)
      .values([
        { productId: potion, email: 'a@deosil.test', createdAt: ago(366) },
        { productId: potion, email: 'b@deosil.test', createdAt: ago(100), notifiedAt: ago(91) },
        { productId: potion, email: 'c@deosil.test', createdAt: ago(100), notifiedAt: ago(89) },
      ])
      .returning({ id: stockWaitlist.id });
    const mail = (createdAt: Date, status: 'sent' | 'queued') => ({
      dedupeKey: `test:${randomUUID()}`,
      template: 'contact-acknowledgement',
      category: 'transactional' as const,
      toAddress: 'mira@deosil.test',
      data: {},
      status,
      messageId: `<${randomUUID()}@deosil.test>`,
      createdAt,
    });
    const mails = await db.insert(emailMessages).values([mail(ago(366), 'sent'), mail(ago(364), 'sent'), mail(ago(366), 'queued')]).returning({ id: emailMessages.id });
    await db.insert(sessions).values([
      { tokenHash: `expired-${randomUUID()}`, userId, expiresAt: ago(1) },
      { tokenHash: `live-${randomUUID()}`, userId, expiresAt: new Date(now.getTime() + DAY) },
    ]);
    const token = (expiresAt: Date, usedAt: Date | null) => ({ tokenHash: randomUUID(), userId, purpose: 'password-reset' as const, email: 'mira@deosil.test', createdAt: ago(2), expiresAt, usedAt });
    await db.insert(accountTokens).values([token(ago(1), null), token(new Date(now.getTime() + DAY), ago(1)), token(new Date(now.getTime() + DAY), null)]);
    await db.insert(rateCounters).values([
      { key: `test:old:${randomUUID()}`, hits: 3, windowStartedAt: ago(2) },
      { key: `test:new:${randomUUID()}`, hits: 3, windowStartedAt: now },
    ]);

    const report = await applyRetention(db, now);

    const left = async <T>(rows: Promise<T[]>) => (await rows).length;
    expect(await left(db.select().from(contactMessages).where(inArray(contactMessages.id, contact.map((row) => row.id))))).toBe(1);
    expect(await left(db.select().from(checkouts).where(inArray(checkouts.id, unpaid.map((row) => row.id))))).toBe(1);
    expect((await db.select().from(newsletterSubscribers).where(inArray(newsletterSubscribers.id, subscribers.map((row) => row.id)))).map((row) => row.email.split('.')[0])).toEqual(
      expect.arrayContaining(['new', 'confirmed']),
    );
    expect((await db.select().from(stockWaitlist).where(inArray(stockWaitlist.id, alerts.map((row) => row.id)))).map((row) => row.email)).toEqual(['c@deosil.test']);
    expect((await db.select().from(emailMessages).where(inArray(emailMessages.id, mails.map((row) => row.id)))).map((row) => row.status).sort()).toEqual(['queued', 'sent']);
    expect((await db.select().from(sessions).where(eq(sessions.userId, userId))).every((row) => row.expiresAt > now)).toBe(true);
    expect(await db.select().from(accountTokens).where(eq(accountTokens.userId, userId))).toEqual([expect.objectContaining({ usedAt: null })]);
    expect(report).toMatchObject({ contactMessages: 1, unpaidCheckouts: 1, unconfirmedSubscribers: 1, stockAlerts: 1, stockAlertsNotified: 1 });
  });

  it("anonymises an erased customer's kept invoice once its CGST s.36 period is over, and not before", async () => {
    const db = shop.database.db;
    const admin = await signInAdmin(shop);
    const customer = await registerCustomer(shop);
    const oldOrder = await placeOrder(shop, customer.token, [{ productId: potion, size: '50ml', quantity: 1 }]);
    const recentOrder = await placeOrder(shop, customer.token, [{ productId: potion, size: '50ml', quantity: 1 }]);
    for (const order of [oldOrder, recentOrder]) {
      expect((await call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: admin, body: { status: 'delivered' } })).status).toBe(200);
    }
    expect((await call(shop, 'POST', '/api/privacy/erase-account', { token: customer.token, body: { password: customer.password } })).status).toBe(200);
    // Financial year 2019-20: kept until 31 December 2026. Financial year 2021-22: until 31 December 2028.
    await db.update(orders).set({ invoiceDate: new Date('2020-02-10T06:00:00Z') }).where(eq(orders.id, oldOrder.id));
    await db.update(orders).set({ invoiceDate: new Date('2021-06-10T06:00:00Z') }).where(eq(orders.id, recentOrder.id));

    await applyRetention(db, now);

    const [old] = await db.select().from(orders).where(eq(orders.id, oldOrder.id));
    const [recent] = await db.select().from(orders).where(eq(orders.id, recentOrder.id));
    expect(old).toMatchObject({ customerName: ERASED_NAME, customerPhone: '', shippingAddress: expect.objectContaining({ street: '', state: 'Maharashtra' }) });
    expect(old!.invoiceNumber).not.toBeNull();
    expect(recent!.customerName).not.toBe(ERASED_NAME);
  });
});
