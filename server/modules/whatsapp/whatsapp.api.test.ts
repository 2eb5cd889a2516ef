import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/orders.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { SHIPPING, type Line } from '../../../tests/support/checkout.ts';
import {
  buttonReply,
  signedWhatsAppWebhook,
  startFakeWhatsApp,
  statusEvent,
  textMessage,
  type AcceptedMessage,
  type FakeWhatsApp,
} from '../../../tests/support/fake-whatsapp.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { consentRecords, emailMessages, orderStatusHistory, orders, products, users, whatsappMessages } from '../../db/schema/index.ts';
import { cloudApiProvider } from './cloud-api-client.ts';
import { WhatsAppSender } from './whatsapp-sender.ts';
import { cartReminderChannels } from '../recovery/cart-reminder-event.ts';

const PHONE_NUMBER_ID = '106540352242922';
const ACCESS_TOKEN = 'EAAGm0PX4ZCpsBAMoonlitCovenToken13';
const APP_SECRET = 'app-secret-of-the-moonlit-coven';
const VERIFY_TOKEN = 'verify-token-of-the-coven-13';
/** How long an unanswered message waits for a status webhook naming it (WHATSAPP_STATUS_WAIT_SECONDS). */
const GRACE_SECONDS = 2;

let shop: TestShop;
let meta: FakeWhatsApp;
let admin: string;
let poppy: number;
let serial = 0;

type Customer = Awaited<ReturnType<typeof registerCustomer>>;

const one = (quantity = 1): Line[] => [{ productId: poppy, size: '30ml', quantity }];
const webhook = (body: unknown) => signedWhatsAppWebhook(shop, body, APP_SECRET);

function freshNumber(): string {
  serial += 1;
  return `9${String(Date.now() % 1e5).padStart(5, '0')}${String(serial).padStart(4, '0')}`;
}

async function optedInCustomer(phone = freshNumber()): Promise<Customer & { phone: string }> {
  const customer = await registerCustomer(shop);
  await shop.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, customer.user.id));
  const saved = await call(shop, 'PUT', '/api/profile/whatsapp', { token: customer.token, body: { optedIn: true, phone } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { ...customer, phone };
}

async function placeCod(customer: Customer): Promise<Order> {
  const response = await call(shop, 'POST', '/api/payments/cod/place-order', { token: customer.token, body: { items: one(), ...SHIPPING } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.order as Order;
}

/** The messages Meta accepted for a number, waiting until `count` have arrived. */
async function acceptedFor(phone: string, count: number, timeoutMs = 15_000): Promise<AcceptedMessage[]> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = meta.accepted.filter((message) => message.phone === `91${phone}`);
    if (found.length >= count) return found;
    if (Date.now() > end) throw new Error(`Only ${found.length} of ${count} WhatsApp messages reached ${phone}: ${found.map((message) => message.template).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until Meta accepted `count` messages of one template for a number. */
async function templateSent(phone: string, template: string, count = 1, timeoutMs = 15_000): Promise<AcceptedMessage[]> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = meta.accepted.filter((message) => message.phone === `91${phone}` && message.template === template);
    if (found.length >= count) return found;
    if (Date.now() > end) throw new Error(`No ${template} reached ${phone}: ${meta.accepted.filter((message) => message.phone === `91${phone}`).map((message) => message.template).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function rowsFor(phone: string) {
  return shop.database.db.select().from(whatsappMessages).where(eq(whatsappMessages.toNumber, `+91${phone}`));
}

async function settledRow(id: string, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await shop.database.db.select().from(whatsappMessages).where(eq(whatsappMessages.id, id));
    if (row && ['sent', 'delivered', 'read', 'dead'].includes(row.status)) return row;
    if (Date.now() > end) throw new Error(`WhatsApp message ${id} still ${row?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A sender like the workers', but giving up on Meta after 300 ms, so a test can make an answer come too late; its
 * re-checks go to the shop's queue, whose workers (with the shop's own timeout) take them.
 */
function quickSender(): WhatsAppSender {
  const provider = cloudApiProvider({ phoneNumberId: PHONE_NUMBER_ID, accessToken: ACCESS_TOKEN, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN, apiBase: meta.url, timeoutMs: 300 });
  return new WhatsAppSender(shop.database.db, provider, shop.app.services.whatsapp!.outbox, { maxAttempts: 4, leaseSeconds: 5, statusWaitSeconds: GRACE_SECONDS });
}

/** A message row with no job behind it, for a test to deliver by hand. */
async function unsentRow(phone: string) {
  const [row] = await shop.database.db
    .insert(whatsappMessages)
    .values({ dedupeKey: `by-hand:${phone}`, template: 'updates_stopped', toNumber: `+91${phone}`, variables: {}, body: 'stopped' })
    .returning();
  return row!;
}

/** Waits until every job of the message (its re-check included) has run to its end. */
async function jobsDone(id: string, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await shop.database.executeSql("select state from pgboss.job where name = 'whatsapp-send' and data->>'messageId' = $1", [id]);
    if (rows.length > 0 && rows.every((row) => row.state === 'completed' || row.state === 'failed')) return;
    if (Date.now() > end) throw new Error(`The jobs of WhatsApp message ${id} are still ${rows.map((row) => String(row.state)).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function orderRow(id: string) {
  const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

beforeAll(async () => {
  meta = await startFakeWhatsApp({ phoneNumberId: PHONE_NUMBER_ID, accessToken: ACCESS_TOKEN });
  shop = await startTestShop({
    env: {
      JOBS_IN_WEB: 'true',
      WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
      WHATSAPP_ACCESS_TOKEN: ACCESS_TOKEN,
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
      WHATSAPP_API_BASE: meta.url,
      WHATSAPP_STATUS_WAIT_SECONDS: String(GRACE_SECONDS),
    },
  });
  admin = await signInAdmin(shop);
  const rows = await shop.database.db.select().from(products);
  poppy = rows.find((row) => row.slug === 'dark-poppy')!.id;
  await shop.database.db.update(products).set({ inventory: 500 });
});
afterAll(async () => {
  await shop?.close();
  await meta?.close();
});

describe('the webhook', () => {
  it('answers the subscription handshake only with the verify token', async () => {
    const query = (token: string) => `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`;
    const ok = await shop.app.inject({ method: 'GET', url: query(VERIFY_TOKEN) });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    expect((await shop.app.inject({ method: 'GET', url: query('not-the-verify-token') })).statusCode).toBe(403);
    expect((await shop.app.inject({ method: 'GET', url: '/api/whatsapp/webhook?hub.challenge=1' })).statusCode).toBe(403);
  });

  it('refuses a bad signature with 401 and changes nothing; malformed bodies and unknown ids are answered 200, counted', async () => {
    const customer = await optedInCustomer();
    const order = await placeCod(customer);
    const [request] = await acceptedFor(customer.phone, 1);
    const press = buttonReply(`91${customer.phone}`, request!.buttons[0]!, 'Confirm order', `wamid.forged${serial}`);
    const forged = await signedWhatsAppWebhook(shop, press, 'not-the-app-secret');
    expect(forged.statusCode).toBe(401);
    expect((await signedWhatsAppWebhook(shop, press, APP_SECRET, { signature: 'sha256=' })).statusCode).toBe(401);
    expect((await shop.app.inject({ method: 'POST', url: '/api/whatsapp/webhook', payload: JSON.stringify(press), headers: { 'content-type': 'application/json' } })).statusCode).toBe(401);
    expect((await orderRow(order.id)).codConfirmedAt).toBeNull();

    const ignored = async () => {
      const metrics = await shop.app.inject({ method: 'GET', url: '/metrics' });
      return [...metrics.body.matchAll(/^whatsapp_webhook_ignored_total\{reason="[^"]+"\} (\d+)$/gm)].reduce((sum, match) => sum + Number(match[1]), 0);
    };
    const before = await ignored();
    for (const raw of ['not json', JSON.stringify({ entry: 'nope' }), JSON.stringify(statusEvent({ id: 'wamid.unknown', phone: '919999999999', reference: undefined }, 'delivered'))]) {
      const answer = await signedWhatsAppWebhook(shop, null, APP_SECRET, { raw });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    // A button whose payload names no message of the shop's, and one pressed from another number.
    expect((await webhook(buttonReply(`91${customer.phone}`, 'cod-confirm:00000000-0000-4000-8000-000000000000', 'Confirm order', `wamid.stray${serial}`))).statusCode).toBe(200);
    expect((await webhook(buttonReply('919111111111', request!.buttons[0]!, 'Confirm order', `wamid.other${serial}`))).statusCode).toBe(200);
    expect(await ignored()).toBe(before + 5);
    expect((await orderRow(order.id)).codConfirmedAt).toBeNull();
  });
});

describe('cash on delivery by button', () => {
  it('sends the confirm request with its buttons; one tap confirms once, however often Meta delivers it, and the customer hears back', async () => {
    const customer = await optedInCustomer();
    const order = await placeCod(customer);
    const [request] = await acceptedFor(customer.phone, 1);
    expect(request).toMatchObject({ template: 'cod_confirm_request', language: 'en', phone: `91${customer.phone}` });
    const [row] = await rowsFor(customer.phone);
    expect(request!.variables).toEqual([customer.user.name.split(' ')[0], order.orderNumber, expect.stringMatching(/^₹[\d,]+\.\d{2}$/), expect.any(String)]);
    expect(request!.buttons).toEqual([`cod-confirm:${row!.id}`, `cod-cancel:${row!.id}`]);
    expect(row!.body).toContain(order.orderNumber);
    // The e-mail with its link still goes: WhatsApp is another channel, not a replacement.
    expect(await shop.database.db.select().from(emailMessages).where(eq(emailMessages.dedupeKey, `cod-placed:${order.id}`))).toHaveLength(1);

    // Statuses flow back onto the row, only ever forwards.
    await settledRow(row!.id);
    for (const status of ['sent', 'read', 'delivered'] as const) expect((await webhook(statusEvent(request!, status))).statusCode).toBe(200);
    const [read] = await shop.database.db.select().from(whatsappMessages).where(eq(whatsappMessages.id, row!.id));
    expect(read).toMatchObject({ status: 'read', providerMessageId: request!.id });
    expect(read!.deliveredAt).not.toBeNull();

    const press = buttonReply(`91${customer.phone}`, request!.buttons[0]!, 'Confirm order', `wamid.press${serial}`, request!.id);
    const [first, second] = [await webhook(press), await webhook(press)];
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const confirmed = await orderRow(order.id);
    expect(confirmed.codConfirmedAt).not.toBeNull();
    expect(confirmed.codConfirmedVia).toBe('whatsapp');
    const history = await shop.database.db.select().from(orderStatusHistory).where(and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.event, 'cod-confirmed')));
    expect(history).toHaveLength(1);
    const answers = await acceptedFor(customer.phone, 2);
    expect(answers.map((message) => message.template)).toEqual(['cod_confirm_request', 'cod_confirmed']);
    // The admin's COD panel reads which channel confirmed.
    const seen = await call(shop, 'GET', `/api/admin/orders/${order.orderNumber}`, { token: admin });
    expect((seen.body.order as Order).cashOnDelivery).toMatchObject({ confirmedVia: 'whatsapp' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(meta.accepted.filter((message) => message.phone === `91${customer.phone}`)).toHaveLength(2);
  });

  it('an order confirmed by the e-mailed link first answers a later press politely and stays as it was', async () => {
    const customer = await optedInCustomer();
    const order = await placeCod(customer);
    const [request] = await acceptedFor(customer.phone, 1);
    const [mail] = await shop.database.db.select().from(emailMessages).where(eq(emailMessages.dedupeKey, `cod-placed:${order.id}`));
    const link = new URL((mail!.data as { confirmUrl: string }).confirmUrl);
    const byLink = await call(shop, 'POST', `/api/orders/${order.id}/confirm-cod`, { body: { token: link.searchParams.get('token') } });
    expect(byLink.status, JSON.stringify(byLink.body)).toBe(200);
    const confirmedAt = (await orderRow(order.id)).codConfirmedAt;

    expect((await webhook(buttonReply(`91${customer.phone}`, request!.buttons[0]!, 'Confirm order', `wamid.late${serial}`))).statusCode).toBe(200);
    const after = await orderRow(order.id);
    expect(after).toMatchObject({ codConfirmedVia: 'email', codConfirmedAt: confirmedAt });
    const sent = await acceptedFor(customer.phone, 3);
    expect(sent.map((message) => message.template).sort()).toEqual(['cod_already_confirmed', 'cod_confirm_request', 'cod_confirmed']);
    expect(sent.find((message) => message.template === 'cod_already_confirmed')!.variables[0]).toBe(order.orderNumber);
  });

  it('Cancel order cancels it through the lifecycle, its stock back, and a press after that changes nothing', async () => {
    const customer = await optedInCustomer();
    const stock = async () => (await shop.database.db.select().from(products).where(eq(products.id, poppy)))[0]!.inventory;
    const before = await stock();
    const order = await placeCod(customer);
    expect(await stock()).toBe(before - 1);
    const [request] = await acceptedFor(customer.phone, 1);
    expect((await webhook(buttonReply(`91${customer.phone}`, request!.buttons[1]!, 'Cancel order', `wamid.cancel${serial}`))).statusCode).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'not_collected', codConfirmedAt: null });
    expect(await stock()).toBe(before);
    expect((await webhook(buttonReply(`91${customer.phone}`, request!.buttons[0]!, 'Confirm order', `wamid.after${serial}`))).statusCode).toBe(200);
    expect((await orderRow(order.id)).codConfirmedAt).toBeNull();
    const sent = await acceptedFor(customer.phone, 3);
    expect(sent.map((message) => message.template).sort()).toEqual(['cod_confirm_request', 'order_cancelled', 'order_not_changed']);
  });
});

describe('consent', () => {
  it('sends nothing to a customer who did not opt in; the profile switch takes a number, refuses a bad one by name', async () => {
    const customer = await registerCustomer(shop);
    await shop.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, customer.user.id));
    const initial = await call(shop, 'GET', '/api/profile/whatsapp', { token: customer.token });
    expect(initial.body).toMatchObject({ available: true, optedIn: false });
    const order = await placeCod(customer);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await shop.database.db.select().from(whatsappMessages).where(eq(whatsappMessages.orderId, order.id))).toEqual([]);

    const bad = await call(shop, 'PUT', '/api/profile/whatsapp', { token: customer.token, body: { optedIn: true, phone: '12345' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('whatsappPhone');
    const malformed = await call(shop, 'PUT', '/api/profile/whatsapp', { token: customer.token, body: { optedIn: 'yes' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors?.[0]?.field).toBe('optedIn');
    const phone = freshNumber();
    const on = await call(shop, 'PUT', '/api/profile/whatsapp', { token: customer.token, body: { optedIn: true, phone: `+91 ${phone.slice(0, 5)} ${phone.slice(5)}` } });
    expect(on.body).toMatchObject({ optedIn: true, phone: `+91 ${phone.slice(0, 5)} ${phone.slice(5)}` });
    const off = await call(shop, 'PUT', '/api/profile/whatsapp', { token: customer.token, body: { optedIn: false } });
    expect(off.body).toMatchObject({ optedIn: false });
    const records = await shop.database.db.select().from(consentRecords).where(and(eq(consentRecords.userId, customer.user.id), eq(consentRecords.purpose, 'whatsapp')));
    expect(records.map((record) => [record.granted, record.source])).toEqual([
      [true, 'profile'],
      [false, 'profile'],
    ]);
    // The privacy page's history shows them beside the other consents.
    const privacy = await call(shop, 'GET', '/api/privacy/consents', { token: customer.token });
    expect(privacy.status, JSON.stringify(privacy.body)).toBe(200);
  });

  it('STOP opts the number out, says so once, and the next order event sends nothing there', async () => {
    const customer = await optedInCustomer();
    const order = await placeCod(customer);
    await acceptedFor(customer.phone, 1);
    const stop = textMessage(`91${customer.phone}`, 'Stop', `wamid.stop${serial}`);
    expect((await webhook(stop)).statusCode).toBe(200);
    expect((await webhook(stop)).statusCode).toBe(200);
    const preference = await call(shop, 'GET', '/api/profile/whatsapp', { token: customer.token });
    expect(preference.body).toMatchObject({ optedIn: false });
    const [record] = await shop.database.db.select().from(consentRecords).where(and(eq(consentRecords.userId, customer.user.id), eq(consentRecords.granted, false)));
    expect(record).toMatchObject({ purpose: 'whatsapp', source: 'whatsapp-reply' });
    const sent = await acceptedFor(customer.phone, 2);
    expect(sent.map((message) => message.template)).toEqual(['cod_confirm_request', 'updates_stopped']);

    const cancelled = await call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: admin, body: { status: 'cancelled' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await rowsFor(customer.phone)).map((row) => row.template).sort()).toEqual(['cod_confirm_request', 'updates_stopped']);
  });
});

describe('cart reminders', () => {
  it('go on WhatsApp only to a shopper who opted in and gave marketing consent, once per reminder', async () => {
    const keen = await optedInCustomer();
    const quiet = await optedInCustomer();
    const newsletter = async (userId: string, consent: boolean) => {
      const [row] = await shop.database.db.select({ preferences: users.preferences }).from(users).where(eq(users.id, userId));
      await shop.database.db.update(users).set({ preferences: { ...row!.preferences, newsletter: consent } }).where(eq(users.id, userId));
    };
    await newsletter(keen.user.id, true);
    await newsletter(quiet.user.id, false);
    const channels = cartReminderChannels(shop.app.services.outbox, shop.app.services.whatsapp);
    const event = (userId: string, reminderId: string) => ({
      reminderId,
      userId,
      customerName: 'Asha Verma',
      email: `cart.${reminderId}@deosil.test`,
      phone: '',
      step: 'second' as const,
      cause: 'cart' as const,
      lines: [
        { name: 'Dark Poppy', size: '30ml', quantity: 1, unitPricePaise: 149_900 },
        { name: 'Valor', size: '15ml', quantity: 2, unitPricePaise: 99_900 },
      ],
      restoreUrl: `https://deosil.test/cart/restore?token=${reminderId}`,
      promotion: { code: 'COMEBACK10', name: '10% off your cart' },
    });
    const remind = (userId: string, reminderId: string) =>
      shop.database.db.transaction(async (tx) => {
        for (const channel of channels) await channel(tx, event(userId, reminderId));
      });
    const keenReminder = crypto.randomUUID();
    await remind(keen.user.id, keenReminder);
    await remind(keen.user.id, keenReminder);
    await remind(quiet.user.id, crypto.randomUUID());

    const [sent] = await templateSent(keen.phone, 'cart_reminder');
    expect(sent!.variables).toEqual(['Asha', 'Dark Poppy (30ml) and 1 more', `https://deosil.test/cart/restore?token=${keenReminder}`, 'Use code COMEBACK10: 10% off your cart.']);
    expect(await shop.database.db.select().from(whatsappMessages).where(eq(whatsappMessages.userId, keen.user.id))).toHaveLength(1);
    expect(await shop.database.db.select().from(whatsappMessages).where(and(eq(whatsappMessages.userId, quiet.user.id), eq(whatsappMessages.template, 'cart_reminder')))).toEqual([]);
  });
});

describe('faults', () => {
  it('Meta answering 429 (its rate limit) is retried with backoff, and the message goes once', async () => {
    const customer = await optedInCustomer();
    meta.failNext(1, 429);
    await placeCod(customer);
    const row = (await rowsFor(customer.phone))[0]!;
    const settled = await settledRow(row.id);
    expect(settled).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(meta.requests.filter((request) => request.body.to === `91${customer.phone}`)).toHaveLength(2);
    expect(meta.accepted.filter((message) => message.phone === `91${customer.phone}`)).toHaveLength(1);
  });

  it('a message Meta took but whose answer was lost is not sent again once its status webhook names it', async () => {
    const phone = freshNumber();
    // A row whose attempt timed out after Meta had it: 'failed', no wamid, and no job behind it but the sender below.
    const [row] = await shop.database.db
      .insert(whatsappMessages)
      .values({ dedupeKey: `lost-answer:${phone}`, template: 'updates_stopped', toNumber: `+91${phone}`, variables: {}, body: 'stopped', status: 'failed', attempts: 1, lastError: 'Attempt 1: timed out' })
      .returning();
    const wamid = `wamid.lost${serial}`;
    expect((await webhook(statusEvent({ id: wamid, phone: `91${phone}`, reference: row!.id }, 'delivered'))).statusCode).toBe(200);
    const [recorded] = await shop.database.db.select().from(whatsappMessages).where(eq(whatsappMessages.id, row!.id));
    expect(recorded).toMatchObject({ status: 'delivered', providerMessageId: wamid, lastError: null });
    await quickSender().deliver(row!.id);
    expect(meta.requests.filter((request) => request.body.to === `91${phone}`)).toEqual([]);
  });

  it('Meta taking a message whose answer never came back: it waits for the status webhook, which names it, and is sent once', async () => {
    const phone = freshNumber();
    const row = await unsentRow(phone);
    // Meta's statuses come after the shop gave up waiting (300 ms), while the row waits.
    meta.sendStatusesTo({ appSecret: APP_SECRET, delayMs: 800, post: async (raw, signature) => (await signedWhatsAppWebhook(shop, null, APP_SECRET, { raw, signature })).statusCode });
    meta.answerLate(1, 1500);
    try {
      await quickSender().deliver(row.id);
      const [waiting] = await shop.database.db.select().from(whatsappMessages).where(eq(whatsappMessages.id, row.id));
      expect(waiting).toMatchObject({ status: 'unconfirmed', failureKind: 'unanswered', providerMessageId: null });
      expect(waiting!.lastError).toMatch(/^Attempt 1: No answer from WhatsApp/);
      await jobsDone(row.id);
      const end = Date.now() + 10_000;
      while (meta.statusesPosted.filter((posted) => posted.reference === row.id).length < 3 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      meta.sendStatusesTo(null);
    }
    const [accepted] = meta.accepted.filter((message) => message.phone === `91${phone}`);
    expect(meta.requests.filter((request) => request.body.to === `91${phone}`)).toHaveLength(1);
    expect(meta.statusesPosted.filter((posted) => posted.reference === row.id)).toEqual(['sent', 'delivered', 'read'].map((status) => ({ reference: row.id, status, answer: 200 })));
    const [settled] = await shop.database.db.select().from(whatsappMessages).where(eq(whatsappMessages.id, row.id));
    expect(settled).toMatchObject({ status: 'read', attempts: 1, providerMessageId: accepted!.id, lastError: null, failureKind: null });
  });

  it('a request Meta never took, its connection dropped unanswered, is sent again once the window passes without a status', async () => {
    const phone = freshNumber();
    const row = await unsentRow(phone);
    meta.dropNext(1, 1000);
    await quickSender().deliver(row.id);
    const parkedAt = performance.now();
    const [waiting] = await shop.database.db.select().from(whatsappMessages).where(eq(whatsappMessages.id, row.id));
    expect(waiting).toMatchObject({ status: 'unconfirmed', attempts: 1 });
    await jobsDone(row.id);
    expect(meta.requests.filter((request) => request.body.to === `91${phone}`)).toHaveLength(2);
    const accepted = meta.accepted.filter((message) => message.phone === `91${phone}`);
    expect(accepted).toHaveLength(1);
    // Not at once: only after the window in which a status webhook could have named it.
    expect(accepted[0]!.at - parkedAt).toBeGreaterThanOrEqual(GRACE_SECONDS * 1000);
    const [settled] = await shop.database.db.select().from(whatsappMessages).where(eq(whatsappMessages.id, row.id));
    expect(settled).toMatchObject({ status: 'sent', attempts: 2, providerMessageId: accepted[0]!.id, lastError: null });
  });

  it('an expired token makes the channel report itself unhealthy in /api/ready and /metrics; e-mail still goes', async () => {
    const customer = await optedInCustomer();
    meta.expireToken(true);
    try {
      const order = await placeCod(customer);
      const row = (await rowsFor(customer.phone))[0]!;
      const end = Date.now() + 10_000;
      for (;;) {
        const [current] = await shop.database.db.select().from(whatsappMessages).where(eq(whatsappMessages.id, row.id));
        if (current?.failureKind === 'auth') break;
        if (Date.now() > end) throw new Error('the refusal was never recorded');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const ready = await shop.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ status: 'ready', details: { whatsapp: 'unhealthy' } });
      expect((await shop.app.inject({ method: 'GET', url: '/metrics' })).body).toMatch(/^whatsapp_channel_healthy 0$/m);
      expect(await shop.database.db.select().from(emailMessages).where(eq(emailMessages.dedupeKey, `cod-placed:${order.id}`))).toHaveLength(1);
    } finally {
      meta.expireToken(false);
    }
    // A new token (here: the stand-in accepting again) and the next message that goes make it healthy.
    await settledRow((await rowsFor(customer.phone))[0]!.id, 20_000);
    expect((await shop.app.inject({ method: 'GET', url: '/api/ready' })).json()).toMatchObject({ details: { whatsapp: 'healthy' } });
    // Room for both waits above (the refusal, then the retry with the queue's backoff), not the default 20 s.
  }, 40_000);
});

describe('failed delivery', () => {
  it('a failed attempt sends buttons; Deliver tomorrow asks the courier again as the web page does, Update address sends the page', async () => {
    const customer = await optedInCustomer();
    const order = await placeCod(customer);
    const [request] = await acceptedFor(customer.phone, 1);
    await webhook(buttonReply(`91${customer.phone}`, request!.buttons[0]!, 'Confirm order', `wamid.ok${serial}`));
    const created = await call(shop, 'POST', `/api/admin/orders/${order.orderNumber}/shipments`, { token: admin, body: { courierName: 'Delhivery', awb: `AWB${Date.now()}` } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const parcel = created.body.shipment as { id: number };
    for (const status of ['picked-up', 'undelivered'] as const) {
      const moved = await call(shop, 'PUT', `/api/admin/shipments/${parcel.id}/status`, { token: admin, body: { status, note: status === 'undelivered' ? 'Consignee unavailable' : undefined } });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    const [failed] = (await templateSent(customer.phone, 'delivery_failed')) as [AcceptedMessage];
    expect(failed.variables).toEqual([customer.user.name.split(' ')[0], 'Delhivery', order.orderNumber, 'Consignee unavailable']);
    expect(failed.buttons.map((payload) => payload.split(':')[0])).toEqual(['ndr-reattempt', 'ndr-address']);

    const again = buttonReply(`91${customer.phone}`, failed.buttons[0]!, 'Deliver tomorrow', `wamid.ndr${serial}`);
    expect((await webhook(again)).statusCode).toBe(200);
    expect((await webhook(again)).statusCode).toBe(200);
    const shipments = await call(shop, 'GET', `/api/orders/${order.orderNumber}/shipments`, { token: customer.token });
    const decided = (shipments.body.shipments as { id: number; ndr: { action: string | null } | null }[]).find((entry) => entry.id === parcel.id);
    expect(decided?.ndr?.action).toBe('re-attempt');
    expect((await webhook(buttonReply(`91${customer.phone}`, failed.buttons[1]!, 'Update address', `wamid.addr${serial}`))).statusCode).toBe(200);
    await templateSent(customer.phone, 'delivery_address_link');
    expect(await templateSent(customer.phone, 'delivery_reattempt_booked')).toHaveLength(1);
  });
});

describe('without the WhatsApp settings', () => {
  it('the channel is off: nothing is queued, the webhook matches nothing, the profile does not offer it', async () => {
    const plain = await startTestShop({ env: { JOBS_IN_WEB: 'false' } });
    try {
      const customer = await registerCustomer(plain);
      await plain.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, customer.user.id));
      const [product] = await plain.database.db.select().from(products).where(eq(products.slug, 'dark-poppy'));
      await plain.database.db.update(products).set({ inventory: 50 }).where(eq(products.id, product!.id));
      const placed = await call(plain, 'POST', '/api/payments/cod/place-order', { token: customer.token, body: { items: [{ productId: product!.id, size: '30ml', quantity: 1 }], ...SHIPPING } });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      expect(await plain.database.db.select().from(whatsappMessages)).toEqual([]);
      expect((await plain.app.inject({ method: 'GET', url: `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1` })).statusCode).toBe(403);
      expect((await signedWhatsAppWebhook(plain, textMessage('919876543210', 'STOP', 'wamid.plain'), APP_SECRET)).statusCode).toBe(401);
      expect((await call(plain, 'GET', '/api/profile/whatsapp', { token: customer.token })).body).toMatchObject({ available: false, optedIn: false });
      expect((await call(plain, 'PUT', '/api/profile/whatsapp', { token: customer.token, body: { optedIn: true, phone: '9876543210' } })).status).toBe(409);
      expect((await plain.app.inject({ method: 'GET', url: '/api/ready' })).json()).toMatchObject({ status: 'ready', details: { whatsapp: 'off' } });
      expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).body).not.toMatch(/^whatsapp_channel_healthy /m);
    } finally {
      await plain.close();
    }
    // A second shop of its own starts here, migrations and all.
  }, 90_000);
});
