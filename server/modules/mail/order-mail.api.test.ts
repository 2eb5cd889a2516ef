import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPaise } from '../../../domain/money.ts';
import { emailMessages, products } from '../../db/schema/index.ts';
import { call, registerCustomer } from '../../../tests/support/accounts.ts';
import { createPaymentOrder, placeOrder, sandboxPay, SHIPPING, verifyPayment } from '../../../tests/support/checkout.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../../tests/support/smtp-catcher.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { orderMailDataOf } from './templates/order-mail-data.ts';

const SHOP_URL = 'https://shop.deosil.test';
let shop: TestShop;
let smtp: SmtpCatcher;
let customer: { token: string };

async function productId(slug: string) {
  const [row] = await shop.database.db.select().from(products).where(eq(products.slug, slug));
  return row!.id;
}

async function messageRow(dedupeKey: string) {
  const [row] = await shop.database.db.select().from(emailMessages).where(eq(emailMessages.dedupeKey, dedupeKey));
  return row;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`Timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function mailJobs(): Promise<number> {
  const result = (await shop.database.db.execute(sql`select count(*)::int as total from pgboss.job where name = 'mail-send'`)) as unknown as { rows: { total: number }[] };
  return result.rows[0]!.total;
}

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  shop = await startTestShop({
    env: { JOBS_IN_WEB: 'true', SMTP_URL: smtp.url, MAIL_FROM: 'Deosil Perfumes <orders@deosil.test>', PUBLIC_URL: SHOP_URL, PAYMENT_SANDBOX_SECRET: 'sandbox-secret-for-tests-only' },
  });
  customer = await registerCustomer(shop);
  // Registration sends its welcome; the tests below count only order mail from an empty catcher.
  await smtp.waitFor(1);
  smtp.messages.length = 0;
});
afterAll(async () => {
  await shop?.close();
  await smtp?.close();
});

describe('order confirmation over SMTP', () => {
  it('arrives with the recipient, subject, order number, items, total and a working link to the order', async () => {
    const order = await placeOrder(shop, customer.token, [
      { productId: await productId('valor'), size: '50ml', quantity: 2 },
      { productId: await productId('valor'), size: '15ml', quantity: 1 },
    ]);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toMatchObject({ value: [{ address: SHIPPING.customerInfo.email }] });
    expect(mail!.from).toMatchObject({ value: [{ address: 'orders@deosil.test', name: 'Deosil Perfumes' }] });
    // Without SHOP_INBOX_EMAIL, replies go to the sending mailbox rather than nowhere.
    expect(mail!.replyTo).toMatchObject({ value: [{ address: 'orders@deosil.test', name: 'Deosil Perfumes' }] });
    expect(mail!.subject).toBe(`Your order ${order.orderNumber} is confirmed`);
    const text = mail!.text!;
    expect(text).toContain(order.orderNumber);
    // Plain text puts each table cell on its own line: the label, then the amount.
    expect(text).toContain(`Total paid\n${formatPaise(Math.round(order.total * 100))}`);
    expect(text).toMatch(/Valor · 50ml × 2/);
    expect(text).toContain(SHIPPING.shippingAddress.street);
    expect(mail!.html).toContain(order.orderNumber);
    // The tax invoice goes with it, as a PDF named by its number.
    expect(order.invoiceNumber).toMatch(/^DP\/\d{4}\/\d{6}$/);
    expect(mail!.attachments.map((file) => [file.filename, file.contentType])).toEqual([[`invoice-${order.invoiceNumber!.replaceAll('/', '-')}.pdf`, 'application/pdf']]);
    expect(mail!.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');

    // The link names the order's own page; its number opens the order for its owner.
    const link = new URL(/https:\/\/shop\.deosil\.test\/orders\/[^\s\]]+/.exec(text)![0]);
    expect(link.pathname).toBe(`/orders/${order.orderNumber}`);
    const opened = await call(shop, 'GET', `/api/orders/${decodeURIComponent(link.pathname.split('/')[2]!)}`, { token: customer.token });
    expect(opened.status).toBe(200);
    expect((opened.body.order as { orderNumber: string }).orderNumber).toBe(order.orderNumber);

    const row = await until(() => messageRow(`order-confirmation:${order.id}`), (value) => value?.status === 'sent');
    expect(row).toMatchObject({ toAddress: SHIPPING.customerInfo.email, template: 'order-confirmation', attempts: 1, lastError: null });
    expect(mail!.messageId).toBe(row!.messageId);
    expect(mail!.headers.has('list-unsubscribe')).toBe(false);
  });

  it('retries when the SMTP server refuses twice, shows the error meanwhile, and delivers exactly one message', async () => {
    const before = smtp.messages.length;
    smtp.refuseNext(2);
    const order = await placeOrder(shop, customer.token, [{ productId: await productId('valor'), size: '50ml', quantity: 1 }]);
    // The order is there whatever the mail server says.
    expect(order.paymentStatus).toBe('paid');
    const failed = await until(() => messageRow(`order-confirmation:${order.id}`), (value) => value?.status === 'failed' || value?.status === 'sent');
    if (failed!.status === 'failed') expect(failed!.lastError).toMatch(/451/);

    await smtp.waitFor(before + 1);
    const row = await until(() => messageRow(`order-confirmation:${order.id}`), (value) => value?.status === 'sent');
    expect(row!.attempts).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(smtp.messages.filter((mail) => mail.subject?.includes(order.orderNumber))).toHaveLength(1);
  });

  it('sends one confirmation when the browser and a retry both report the same payment', async () => {
    const created = await createPaymentOrder(shop, customer.token, [{ productId: await productId('valor'), size: '50ml', quantity: 1 }]);
    const confirmation = await sandboxPay(shop, customer.token, (created.body.razorpayOrder as { id: string }).id);
    const first = await verifyPayment(shop, customer.token, confirmation);
    const second = await verifyPayment(shop, customer.token, confirmation);
    expect([first.status, second.status]).toEqual([200, 200]);
    const orderId = (first.body.order as { id: string }).id;
    await until(() => messageRow(`order-confirmation:${orderId}`), (value) => value?.status === 'sent');
    const [rows] = await shop.database.db.select({ total: count() }).from(emailMessages).where(eq(emailMessages.dedupeKey, `order-confirmation:${orderId}`));
    expect(rows!.total).toBe(1);
  });

  it('puts a message whose template throws in dead-letter and still sends the others', async () => {
    const before = smtp.messages.length;
    const good = orderMailDataOf(
      { orderNumber: 'DP-20261121-0001', customerName: 'Mira', subtotalPaise: 10_000, discountPaise: 0, totalPaise: 10_000, coupon: null, shippingAddress: SHIPPING.shippingAddress },
      [{ name: 'Valor', slug: 'valor', size: '50ml', quantity: 1, unitPricePaise: 10_000, lineTotalPaise: 10_000 }],
    );
    await shop.database.db.transaction(async (tx) => {
      await shop.app.services.outbox.enqueue(tx, { template: 'order-confirmation', to: 'broken@deosil.test', data: { ...good, items: null as never }, dedupeKey: 'test:broken', category: 'transactional' });
      await shop.app.services.outbox.enqueue(tx, { template: 'order-confirmation', to: 'fine@deosil.test', data: good, dedupeKey: 'test:fine', category: 'transactional' });
    });
    await smtp.waitFor(before + 1);
    expect(smtp.messages.at(-1)!.to).toMatchObject({ value: [{ address: 'fine@deosil.test' }] });
    const dead = await until(() => messageRow('test:broken'), (value) => value?.status === 'dead');
    expect(dead!.lastError).toMatch(/^The template order-confirmation failed: /);
    expect(dead!.attempts).toBe(1);
  });

  it('enqueues nothing when the checkout transaction rolls back', async () => {
    const [messagesBefore] = await shop.database.db.select({ total: count() }).from(emailMessages);
    const jobsBefore = await mailJobs();
    // A later step of the order's own transaction fails after the confirmation was enqueued in it.
    shop.app.services.fulfilment.onOrderCreated(async () => {
      throw new Error('the achievements step failed');
    });
    const created = await createPaymentOrder(shop, customer.token, [{ productId: await productId('valor'), size: '50ml', quantity: 1 }]);
    const confirmation = await sandboxPay(shop, customer.token, (created.body.razorpayOrder as { id: string }).id);
    const verified = await verifyPayment(shop, customer.token, confirmation);
    expect(verified.status).toBe(500);
    const [messagesAfter] = await shop.database.db.select({ total: count() }).from(emailMessages);
    expect(messagesAfter!.total).toBe(messagesBefore!.total);
    expect(await mailJobs()).toBe(jobsBefore);
  });
});
