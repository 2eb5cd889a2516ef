import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/orders.ts';
import { NEWSLETTER_CONFIRMED, NEWSLETTER_LINK_INVALID } from '../../../contracts/storefront.ts';
import { UNSUBSCRIBE_LINK_INVALID } from '../../../contracts/mailing-lists.ts';
import { emailMessages, emailUnsubscribes, newsletterSubscribers, products, users } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { createPaymentOrder, placeOrder, SHIPPING } from '../../../tests/support/checkout.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../../tests/support/smtp-catcher.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { renderEmail } from './render-email.ts';
import { NEWSLETTER_CHECK_INBOX } from '../storefront/routes.ts';

const SHOP_URL = 'https://shop.deosil.test';
const INBOX = 'coven-inbox@deosil.test';
let shop: TestShop;
let smtp: SmtpCatcher;
let adminToken: string;
let productId: number;

const rows = (dedupeKeyPrefix: string) =>
  shop.database.db
    .select()
    .from(emailMessages)
    .then((all) => all.filter((row) => row.dedupeKey.startsWith(dedupeKeyPrefix)));

async function mailTo(address: string, subject: RegExp) {
  const end = Date.now() + 15_000;
  for (;;) {
    const found = smtp.messages.find((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value[0]?.address === address && subject.test(mail.subject ?? ''));
    if (found) return found;
    if (Date.now() > end) throw new Error(`No e-mail to ${address} matching ${subject}; got ${smtp.messages.map((mail) => mail.subject).join(' | ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const setStatus = (order: Order, status: string) => call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: adminToken, body: { status } });

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  shop = await startTestShop({
    env: { JOBS_IN_WEB: 'true', SMTP_URL: smtp.url, MAIL_FROM: 'orders@deosil.test', PUBLIC_URL: SHOP_URL, SHOP_INBOX_EMAIL: INBOX },
  });
  adminToken = await signInAdmin(shop);
  const [nazar] = await shop.database.db.select().from(products).where(eq(products.slug, 'nazar'));
  productId = nazar!.id;
  await shop.database.db.update(products).set({ inventory: 50 }).where(eq(products.id, productId));
});
afterAll(async () => {
  await shop?.close();
  await smtp?.close();
});

describe('newsletter double opt-in', () => {
  it('answers as before, e-mails a confirmation link, and the link confirms the address once', async () => {
    const response = await call(shop, 'POST', '/api/newsletter', { body: { email: 'Seeker@Deosil.test' } });
    // Nothing comes before the address is confirmed, so the answer sends the visitor to the inbox, not to wait for a missive.
    expect(response.body).toEqual({ success: true, subscribed: true, message: NEWSLETTER_CHECK_INBOX });
    const mail = await mailTo('seeker@deosil.test', /^Confirm your place in the coven$/);
    const link = new URL(/https:\/\/shop\.deosil\.test\/newsletter\/confirm\?token=[\w-]+/.exec(mail.text!)![0]);
    const token = link.searchParams.get('token')!;

    const [pending] = await shop.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'seeker@deosil.test'));
    expect(pending!.confirmedAt).toBeNull();
    expect(pending!.confirmTokenHash).not.toContain(token);

    const confirmed = await call(shop, 'POST', '/api/newsletter/confirm', { body: { token } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toBe(NEWSLETTER_CONFIRMED);
    const [after] = await shop.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'seeker@deosil.test'));
    expect(after!.confirmedAt).toBeInstanceOf(Date);

    const reused = await call(shop, 'POST', '/api/newsletter/confirm', { body: { token } });
    expect(reused.status).toBe(400);
    expect(reused.body.errors).toEqual([{ field: 'token', message: NEWSLETTER_LINK_INVALID }]);
    const altered = await call(shop, 'POST', '/api/newsletter/confirm', { body: { token: `${token.slice(0, -2)}xx` } });
    expect(altered.status).toBe(400);

    // A repeat sign-up answers as before and sends nothing more.
    const again = await call(shop, 'POST', '/api/newsletter', { body: { email: 'seeker@deosil.test' } });
    expect(again.body.subscribed).toBe(false);
    expect(await rows('newsletter-confirm:')).toHaveLength(1);
  });

  it('refuses a malformed address with a 400 naming the field and sends nothing', async () => {
    const before = (await rows('newsletter-confirm:')).length;
    const response = await call(shop, 'POST', '/api/newsletter', { body: { email: 'not-an-address' } });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ field: 'email', message: 'Please enter a valid email' }]);
    expect(await rows('newsletter-confirm:')).toHaveLength(before);
  });
});

describe('contact form', () => {
  it('acknowledges the message to the sender, quoting none of it, and copies it to the shop inbox', async () => {
    const body = { name: 'Asha Visit spam.example', email: 'asha@deosil.test', subject: 'Wholesale', message: 'Do you sell to boutiques\nin Goa?' };
    const sent = await call(shop, 'POST', '/api/contact', { body });
    expect(sent.status).toBe(201);
    const ack = await mailTo('asha@deosil.test', /^We received your message \(ticket DP-[0-9A-Z]{4}-[0-9A-Z]{4}\)$/);
    // The ticket number the sender was shown, and how to follow it.
    expect(ack.text).toContain(String(sent.body.ticketNumber));
    expect(ack.text).toContain(`/grievances?ticket=${String(sent.body.ticketNumber)}`);
    // The typed address is unproven: the shop's mail to it must not carry the sender's words.
    for (const typed of ['Do you sell', 'in Goa?', 'Wholesale', 'spam.example']) {
      expect(ack.text).not.toContain(typed);
      expect(ack.html).not.toContain(typed);
    }
    const copy = await mailTo(INBOX, /^Contact form: Wholesale$/);
    expect(copy.text).toContain('Asha Visit spam.example <asha@deosil.test>');
    expect(copy.text).toContain('in Goa?');
    // A reply to the acknowledgement reaches the shop's inbox; answering the copy writes to the sender.
    expect(ack.replyTo?.value).toEqual([expect.objectContaining({ address: INBOX })]);
    expect(copy.replyTo?.value).toEqual([expect.objectContaining({ address: 'asha@deosil.test' })]);
  });
});

describe('order journey e-mails', () => {
  it('sends shipped with carrier, tracking and estimated delivery, then out for delivery and delivered, and books the review request a week later', async () => {
    const customer = await registerCustomer(shop);
    const order = await placeOrder(shop, customer.token, [{ productId, size: '30ml', quantity: 1 }]);
    await call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/tracking`, {
      token: adminToken,
      body: { trackingNumber: 'BD123456789IN', carrier: 'Blue Dart', estimatedDelivery: '2026-12-01' },
    });
    expect((await setStatus(order, 'shipped')).status).toBe(200);
    const shipped = await mailTo(SHIPPING.customerInfo.email, new RegExp(`^Order ${order.orderNumber}: Shipped — On Mystical Journey$`));
    expect(shipped.text).toMatch(/Carrier\nBlue Dart/);
    expect(shipped.text).toMatch(/Tracking number\nBD123456789IN/);
    expect(shipped.text).toMatch(/Estimated delivery\nTuesday, 1 December 2026/);

    await setStatus(order, 'out-for-delivery');
    await mailTo(SHIPPING.customerInfo.email, new RegExp(`^Order ${order.orderNumber}: Out for Delivery — Approaching Your Realm$`));
    const deliveredAt = Date.now();
    await setStatus(order, 'delivered');
    await mailTo(SHIPPING.customerInfo.email, new RegExp(`^Order ${order.orderNumber}: Delivered — Mystical Delivery Complete$`));

    const [review] = await rows(`review-request:${order.id}`);
    expect(review).toMatchObject({ status: 'queued', category: 'marketing', list: 'review-requests' });
    expect(review!.unsubscribeUrl).toMatch(/^https:\/\/shop\.deosil\.test\/api\/email\/unsubscribe\?list=review-requests&email=/);
    const delay = review!.sendAfter.getTime() - deliveredAt;
    expect(delay).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    expect(delay).toBeLessThan(7 * 24 * 3600_000 + 60_000);
    const rendered = await renderEmail(review!.template, review!.data, { shopUrl: SHOP_URL });
    expect(rendered.text).toContain(`${SHOP_URL}/products/nazar#spell-testimonials`);
  });

  it('sends no journey e-mails to a customer who turned order updates off, but still the cancellation and refund', async () => {
    const customer = await registerCustomer(shop);
    await shop.database.db
      .update(users)
      .set({ preferences: { newsletter: false, smsNotifications: false, orderUpdates: false, favoriteScents: [], intensityPreference: '', budgetRange: '' } })
      .where(eq(users.id, customer.user.id));
    const order = await placeOrder(shop, customer.token, [{ productId, size: '30ml', quantity: 1 }]);
    await setStatus(order, 'shipped');
    await setStatus(order, 'cancelled');
    await mailTo(SHIPPING.customerInfo.email, new RegExp(`^Order ${order.orderNumber}: Order Cancelled$`));
    expect((await call(shop, 'POST', `/api/admin/orders/${order.orderNumber}/refund`, { token: adminToken })).status).toBe(200);
    const refund = await mailTo(SHIPPING.customerInfo.email, new RegExp(`^Refund issued for order ${order.orderNumber}$`));
    expect(refund.text).toContain('₹');
    // The refund's credit note goes with it.
    const refunded = (await call(shop, 'GET', `/api/orders/${order.orderNumber}`, { token: customer.token })).body.order as { creditNotes: { number: string }[] };
    expect(refund.attachments.map((file) => file.filename)).toEqual([`credit-note-${refunded.creditNotes[0]!.number.replaceAll('/', '-')}.pdf`]);
    expect(await rows(`order-shipped:${order.id}`)).toHaveLength(0);
  });

  it('e-mails a retry link to checkout when a payment fails', async () => {
    const customer = await registerCustomer(shop);
    const created = await createPaymentOrder(shop, customer.token, [{ productId, size: '30ml', quantity: 1 }]);
    const providerOrderId = (created.body.razorpayOrder as { id: string }).id;
    expect((await call(shop, 'POST', '/api/payments/sandbox/pay', { token: customer.token, body: { razorpay_order_id: providerOrderId, outcome: 'failure' } })).status).toBe(200);
    const failed = await mailTo(SHIPPING.customerInfo.email, /^Your payment did not go through$/);
    expect(failed.text).toContain(`${SHOP_URL}/checkout`);
  });
});

describe('review requests: a list with one-click unsubscribe (RFC 8058)', () => {
  const reviewData = (orderNumber: string) => ({
    orderNumber,
    customerName: 'Lena',
    subtotalPaise: 10_000,
    discountPaise: 0,
    totalPaise: 10_000,
    coupon: null,
    couponCode: null,
    shippingAddress: SHIPPING.shippingAddress,
    items: [{ name: 'Nazar', slug: 'nazar', size: '30ml', quantity: 1, unitPricePaise: 10_000, lineTotalPaise: 10_000 }],
  });
  const enqueueReviewRequest = (to: string, key: string, sendAfter?: Date) =>
    shop.database.db.transaction((tx) =>
      shop.app.services.outbox.enqueue(tx, { template: 'review-request', to, data: reviewData(key), dedupeKey: `test-review:${key}`, category: 'marketing', list: 'review-requests', sendAfter }),
    );
  const unsubscribes = () => shop.database.db.select().from(emailUnsubscribes);

  it("carries List-Unsubscribe and List-Unsubscribe-Post; a mail client's one-click POST stops the next ones, and one already waiting", async () => {
    await enqueueReviewRequest('lena@deosil.test', 'DP-20261124-0101');
    const mail = await mailTo('lena@deosil.test', /^How are your potions from DP-20261124-0101 working\?$/);
    expect(rawHeader(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const header = /^<(.+)>$/.exec(rawHeader(mail, 'list-unsubscribe')!)![1]!;
    const address = new URL(header);
    expect(`${address.origin}${address.pathname}`).toBe(`${SHOP_URL}/api/email/unsubscribe`);
    // The footer offers the same address to readers whose client has no unsubscribe button.
    expect(mail.text).toContain('Unsubscribe from review requests');
    expect(mail.html).toContain(header.replaceAll('&', '&amp;'));

    // Opening the address (a link scanner, a browser) unsubscribes nobody: it leads to the page with the button.
    const opened = await shop.app.inject({ method: 'GET', url: `${address.pathname}${address.search}` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/unsubscribe${address.search}`);
    expect(await unsubscribes()).toHaveLength(0);

    // One waits a while (as a review request waits a week) when the reader leaves.
    const waiting = await enqueueReviewRequest('lena@deosil.test', 'DP-20261124-0102', new Date(Date.now() + 1500));

    // What a mail client sends: a form POST, no cookies, no sign-in.
    const posted = await shop.app.inject({
      method: 'POST',
      url: `${address.pathname}${address.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.json()).toEqual({ success: true, message: 'You will no longer receive review requests at lena@deosil.test.' });
    expect(await unsubscribes()).toMatchObject([{ email: 'lena@deosil.test', list: 'review-requests' }]);
    // A second press changes nothing and says the same.
    expect((await shop.app.inject({ method: 'POST', url: `${address.pathname}${address.search}` })).statusCode).toBe(200);

    // The waiting one is not sent, and says why in the back office; a new one is not even enqueued.
    const dropped = await until(async () => (await rows('test-review:DP-20261124-0102'))[0], (row) => row?.status === 'unsubscribed');
    expect(dropped!.id).toBe(waiting.id);
    expect((await enqueueReviewRequest('lena@deosil.test', 'DP-20261124-0103')).created).toBe(false);
    expect(smtp.messages.filter((sent) => /DP-20261124-010[23]/.test(sent.subject ?? ''))).toHaveLength(0);
  });

  it('refuses an altered or foreign link with a 400 naming the token, and writes nothing', async () => {
    await enqueueReviewRequest('noor@deosil.test', 'DP-20261124-0201');
    const mail = await mailTo('noor@deosil.test', /DP-20261124-0201/);
    const address = new URL(/^<(.+)>$/.exec(rawHeader(mail, 'list-unsubscribe')!)![1]!);
    const before = await unsubscribes();

    // Someone else's address with Noor's signature, then a signature changed by one digit.
    const foreign = new URLSearchParams(address.search);
    foreign.set('email', 'someone-else@deosil.test');
    const altered = new URLSearchParams(address.search);
    const token = altered.get('token')!;
    altered.set('token', `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`);
    for (const query of [foreign, altered]) {
      const response = await shop.app.inject({ method: 'POST', url: `/api/email/unsubscribe?${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ field: 'token', message: UNSUBSCRIBE_LINK_INVALID }]);
    }
    const unknownList = new URLSearchParams(address.search);
    unknownList.set('list', 'everything');
    const refused = await shop.app.inject({ method: 'POST', url: `/api/email/unsubscribe?${unknownList}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].field).toBe('list');
    expect(await unsubscribes()).toEqual(before);
  });
});

/** A header as it was sent (mailparser parses List-* headers into its own shape). */
function rawHeader(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((header) => header.key === name)?.line;
  return line?.slice(line.indexOf(':') + 1).replace(/\r?\n\s+/g, '').trim();
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error('Timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
