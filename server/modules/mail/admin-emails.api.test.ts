import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailDetail, EmailSummary } from '../../../contracts/admin-emails.ts';
import { emailMessages, products } from '../../db/schema/index.ts';
import { ADMIN, call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { placeOrder, SHIPPING } from '../../../tests/support/checkout.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { LowStockDigest } from './low-stock-digest.ts';
import { renderEmail } from './render-email.ts';

let shop: TestShop;
let adminToken: string;
let customer: Awaited<ReturnType<typeof registerCustomer>>;

async function emails(query = ''): Promise<{ emails: EmailSummary[]; pagination: { total: number; pages: number } }> {
  const response = await call(shop, 'GET', `/api/admin/emails${query}`, { token: adminToken });
  expect(response.status).toBe(200);
  return response.body as never;
}

beforeAll(async () => {
  // No SMTP_URL: messages are rendered and kept for the back office.
  shop = await startTestShop({ env: { JOBS_IN_WEB: 'true' } });
  adminToken = await signInAdmin(shop);
  customer = await registerCustomer(shop);
});
afterAll(async () => {
  await shop?.close();
});

describe('GET /api/admin/emails', () => {
  it('lists every message newest first with recipient, subject, template, status, attempts and last error, and opens one rendered', async () => {
    const [valor] = await shop.database.db.select().from(products).where(eq(products.slug, 'valor'));
    const order = await placeOrder(shop, customer.token, [{ productId: valor!.id, size: '50ml', quantity: 1 }]);
    await call(shop, 'POST', '/api/contact', { body: { name: 'Asha', email: 'asha@deosil.test', subject: 'Hello', message: 'A question' } });

    const end = Date.now() + 15_000;
    let listed = await emails();
    while (listed.emails.some((email) => email.status !== 'kept') && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      listed = await emails();
    }
    // Newest first: the contact acknowledgement, the order confirmation, then the customer's welcome from sign-up.
    expect(listed.emails.map((email) => email.template)).toEqual(['contact-acknowledgement', 'order-confirmation', 'welcome-verify-email']);
    expect(listed.emails[1]).toMatchObject({
      to: SHIPPING.customerInfo.email,
      subject: `Your order ${order.orderNumber} is confirmed`,
      template: 'order-confirmation',
      category: 'transactional',
      status: 'kept',
      attempts: 1,
      lastError: null,
    });
    expect(listed.pagination.total).toBe(3);
    expect((await emails('?limit=1&page=2')).emails.map((email) => email.template)).toEqual(['order-confirmation']);

    const opened = await call(shop, 'GET', `/api/admin/emails/${listed.emails[1]!.id}`, { token: adminToken });
    const email = opened.body.email as EmailDetail;
    expect(email.html).toMatch(/^<!DOCTYPE html/);
    expect(email.html).toContain(order.orderNumber);
    expect(email.text).toContain(order.orderNumber);
    expect(email.messageId).toMatch(/^<[0-9a-f-]{36}@deosil\.example>$/);
    expect(email.preview).toBe(false);
  });

  it('shows a review request waiting for next week as exactly what will go out, unsubscribe footer included', async () => {
    const [valor] = await shop.database.db.select().from(products).where(eq(products.slug, 'valor'));
    const order = await placeOrder(shop, customer.token, [{ productId: valor!.id, size: '15ml', quantity: 1 }]);
    expect((await call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: adminToken, body: { status: 'delivered' } })).status).toBe(200);
    const [waiting] = await shop.database.db.select().from(emailMessages).where(eq(emailMessages.dedupeKey, `review-request:${order.id}`));
    expect(waiting).toMatchObject({ status: 'queued', unsubscribeUrl: expect.stringContaining('/unsubscribe?') });
    const listed = (await emails()).emails.find((email) => email.id === waiting!.id)!;
    // Due in a week, so the screen can say when rather than leave it looking stuck.
    expect(Date.parse(listed.sendAfter)).toBeGreaterThan(Date.now());

    const preview = (await call(shop, 'GET', `/api/admin/emails/${waiting!.id}`, { token: adminToken })).body.email as EmailDetail;
    expect(preview.preview).toBe(true);
    expect(preview.html).toMatch(/Unsubscribe from (<!-- -->)?review requests/);
    expect(preview.html).toContain(`href="${waiting!.unsubscribeUrl!.replaceAll('&', '&amp;')}"`);
    expect(preview.text).toContain(waiting!.unsubscribeUrl!);
  });

  it('hides the key of a reset link once it went out over SMTP, and shows a kept one whole', async () => {
    const key = 'k'.repeat(43);
    const link = `https://shop.deosil.example/reset-password?token=${key}`;
    const stored = (status: 'sent' | 'kept', id: string) => ({
      id,
      dedupeKey: `password-reset:${status}`,
      template: 'password-reset',
      category: 'security' as const,
      toAddress: 'reader@deosil.test',
      data: {},
      messageId: `<${id}@deosil.example>`,
      subject: 'Reset your Deosil Perfumes password',
      html: `<a href="${link}">Reset</a>`,
      text: `Reset: ${link}`,
      status,
    });
    const sentId = '11111111-1111-4111-8111-111111111111';
    const keptId = '22222222-2222-4222-8222-222222222222';
    await shop.database.db.insert(emailMessages).values([stored('sent', sentId), stored('kept', keptId)]);

    const sent = (await call(shop, 'GET', `/api/admin/emails/${sentId}`, { token: adminToken })).body.email as EmailDetail;
    expect(sent.text).toBe('Reset: https://shop.deosil.example/reset-password?token=[hidden]');
    expect(sent.html).toBe('<a href="https://shop.deosil.example/reset-password?token=[hidden]">Reset</a>');
    const kept = (await call(shop, 'GET', `/api/admin/emails/${keptId}`, { token: adminToken })).body.email as EmailDetail;
    expect(kept.text).toContain(key);
    await shop.database.db.delete(emailMessages).where(eq(emailMessages.toAddress, 'reader@deosil.test'));
  });

  it('is for admins only, and names a bad id', async () => {
    expect((await call(shop, 'GET', '/api/admin/emails')).status).toBe(401);
    expect((await call(shop, 'GET', '/api/admin/emails', { token: customer.token })).status).toBe(403);
    const bad = await call(shop, 'GET', '/api/admin/emails/not-an-id', { token: adminToken });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('id');
    expect((await call(shop, 'GET', '/api/admin/emails/00000000-0000-4000-8000-000000000000', { token: adminToken })).status).toBe(404);
    expect((await call(shop, 'GET', '/api/admin/emails?limit=500', { token: adminToken })).status).toBe(400);
  });
});

describe('daily low-stock digest', () => {
  it('is scheduled once for every morning and e-mails each admin the potions at 5 or fewer, sold-out first, once a day', async () => {
    const schedules = (await shop.database.db.execute(sql`select name, cron, timezone from pgboss.schedule where name = 'low-stock-digest'`)) as unknown as { rows: { name: string; cron: string; timezone: string }[] };
    expect(schedules.rows).toEqual([{ name: 'low-stock-digest', cron: '0 9 * * *', timezone: 'Asia/Kolkata' }]);

    const [valor] = await shop.database.db.select().from(products).where(eq(products.slug, 'valor'));
    await shop.database.db.update(products).set({ inventory: 0 }).where(eq(products.id, valor!.id));
    const digest = new LowStockDigest(shop.database.db, shop.app.services.outbox);
    const morning = new Date('2026-11-24T03:30:00Z');
    expect(await digest.run(morning)).toBe(1);
    expect(await digest.run(morning)).toBe(0);

    const [row] = await shop.database.db.select().from(emailMessages).where(eq(emailMessages.template, 'low-stock-digest'));
    const rendered = await renderEmail(row!.template, row!.data, { shopUrl: 'https://shop.deosil.test' });
    expect(row!.toAddress).toBe(ADMIN.email);
    expect(rendered.subject).toMatch(/^Low stock on 2026-11-24: \d+ potions? needs? brewing$/);
    expect(rendered.text).toMatch(/^Valor\nSold out$/m);
    expect(rendered.text).toContain('https://shop.deosil.test/admin/products');
  });
});
