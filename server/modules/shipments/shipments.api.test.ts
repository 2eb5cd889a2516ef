import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/orders.ts';
import type { Shipment } from '../../../contracts/shipments.ts';
import { courierServiceability, courierSessions, emailMessages, notifications, orders, products, shipments, users } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { placeOrder, SHIPPING, type Line } from '../../../tests/support/checkout.ts';
import { startFakeShiprocket, STAND_IN_PICKUP, type FakeShiprocket } from '../../../tests/support/fake-shiprocket.ts';
import { pdfText } from '../../../tests/support/pdf-text.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import type { CourierJob } from './courier-queue.ts';

const CREDENTIALS = { email: 'api-user@deosil.test', password: 'shiprocket-api-pass' };
const WEBHOOK_TOKEN = 'whk-token-0123456789abcdef';
const DAY = 24 * 60 * 60 * 1000;
// Monday 23 November 2026, 10:00 in India.
let now = new Date('2026-11-23T10:00:00+05:30');
let fake: FakeShiprocket;
let shop: TestShop;
let admin: string;
let customer: Awaited<ReturnType<typeof registerCustomer>>;
let poppy: number;

const one = (quantity = 1): Line[] => [{ productId: poppy, size: '30ml', quantity }];
const inventory = async () => (await shop.database.db.select().from(products).where(eq(products.id, poppy)))[0]!.inventory;
const orderRow = async (order: Order) => (await shop.database.db.select().from(orders).where(eq(orders.id, order.id)))[0]!;
const runJob = (job: CourierJob) => shop.app.services.courierJobs.run(job);
const parcelsOf = (order: Order) => shop.database.db.select().from(shipments).where(eq(shipments.orderId, order.id));
const requestsTo = (path: string) => fake.requests.filter((request) => request.path.startsWith(path));

async function ship(order: Order, body: Record<string, unknown> = {}): Promise<Shipment> {
  const created = await call(shop, 'POST', `/api/admin/orders/${order.orderNumber}/shipments`, { token: admin, body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.shipment as Shipment;
}

async function shipment(id: number): Promise<Shipment> {
  const read = await call(shop, 'GET', `/api/admin/shipments/${id}`, { token: admin });
  expect(read.status).toBe(200);
  return read.body.shipment as Shipment;
}

/** Creates a parcel and runs its booking job, as the worker would. */
async function booked(order: Order): Promise<Shipment> {
  const created = await ship(order);
  await runJob({ shipmentId: created.id, step: 'book' });
  return shipment(created.id);
}

async function webhook(payload: unknown, apiKey: string | null = WEBHOOK_TOKEN, url = '/api/shipping/shiprocket/webhook') {
  const response = await shop.app.inject({ method: 'POST', url, headers: apiKey === null ? {} : { 'x-api-key': apiKey }, payload: payload as Record<string, unknown> });
  return { status: response.statusCode, body: response.json() as { outcome?: string; message?: string } };
}

/** Shiprocket's report of a scan, its time on India's clock as the webhook writes it ('DD MM YYYY HH:mm:ss'). */
const scan = (awb: string, code: number, label: string, at: string, activity?: string) => webhook(fake.webhookPayload(awb, code, label, at, activity));

/** A dispatch document for these parcels: its status, and when a PDF, its pages and its text as pdftotext reads it. */
async function printed(kind: 'labels' | 'packing-slips' | 'manifest', shipmentIds: number[]) {
  const response = await shop.app.inject({ method: 'POST', url: `/api/admin/shipments/${kind}`, headers: { authorization: `Bearer ${admin}` }, payload: { shipmentIds } });
  if (response.statusCode !== 200) return { status: response.statusCode, body: response.json() as { message: string; errors?: { field: string }[] }, pages: 0, text: '' };
  expect(response.headers['content-type']).toBe('application/pdf');
  const pdf = response.rawPayload;
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  return { status: 200, body: null, pages: (await PDFDocument.load(pdf)).getPageCount(), text: pdfText(pdf) };
}

beforeAll(async () => {
  fake = await startFakeShiprocket(CREDENTIALS);
  shop = await startTestShop({
    clock: () => now,
    env: {
      SHIPROCKET_EMAIL: CREDENTIALS.email,
      SHIPROCKET_PASSWORD: CREDENTIALS.password,
      SHIPROCKET_PICKUP_LOCATION: STAND_IN_PICKUP.pickup_location,
      SHIPROCKET_API_BASE: fake.url,
      SHIPROCKET_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
      SHIPROCKET_TIMEOUT_MS: '1500',
      // One shopper places every order of this file, more than a shopper may open in 10 minutes of its stopped clock.
      PAYMENT_ORDER_RATE_LIMIT: '100',
    },
  });
  admin = await signInAdmin(shop);
  customer = await registerCustomer(shop);
  // Cash on delivery is offered to verified addresses only.
  await shop.database.db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, customer.user.id));
  const [row] = await shop.database.db.select().from(products).limit(1);
  poppy = row!.id;
  await shop.database.db.update(products).set({ inventory: 500 }).where(eq(products.id, poppy));
});

afterAll(async () => {
  await shop?.close();
  await fake?.close();
});

describe('booking a parcel with Shiprocket', () => {
  it('books, assigns the cheapest AWB, schedules the pickup, prints labels and manifest, and the webhooks deliver the order', async () => {
    const order = await placeOrder(shop, customer.token, one(2));
    const created = await ship(order);
    expect(created).toMatchObject({ status: 'created', booking: 'queued', provider: 'shiprocket', reference: `${order.orderNumber}-1`, weightGrams: 120 + 2 * 60 + 2 * 30 * 2.2 });
    expect(created.lines).toEqual([expect.objectContaining({ quantity: 2 })]);
    const queued = await shop.database.executeSql(`select data from pgboss.job where name = 'courier-calls' and data->>'shipmentId' = $1`, [String(created.id)]);
    expect(queued.rows).toEqual([{ data: { shipmentId: created.id, step: 'book' } }]);
    expect((await orderRow(order)).status).toBe('processing');

    await runJob({ shipmentId: created.id, step: 'book' });
    const parcel = await shipment(created.id);
    expect(parcel).toMatchObject({ status: 'awb-assigned', booking: 'idle', courierName: 'Delhivery Surface' });
    const adhoc = requestsTo('/v1/external/orders/create/adhoc').at(-1)!.body as Record<string, unknown>;
    expect(adhoc).toMatchObject({
      order_id: `${order.orderNumber}-1`,
      pickup_location: STAND_IN_PICKUP.pickup_location,
      billing_pincode: SHIPPING.shippingAddress.zipCode,
      billing_phone: '9876543210',
      payment_method: 'Prepaid',
      weight: parcel.weightGrams / 1000,
      length: 15,
    });
    expect(requestsTo('/v1/external/courier/assign/awb').at(-1)!.body).toMatchObject({ courier_id: 12 });
    const serviceability = requestsTo('/v1/external/courier/serviceability').at(-1)!.path;
    expect(serviceability).toContain(`pickup_postcode=${STAND_IN_PICKUP.pin_code}`);
    expect(serviceability).toContain('delivery_postcode=411001');

    const pickup = await call(shop, 'POST', '/api/admin/shipments/pickup', { token: admin, body: { shipmentIds: [parcel.id] } });
    expect(pickup.status).toBe(200);
    await runJob({ shipmentId: parcel.id, step: 'pickup' });
    expect(await shipment(parcel.id)).toMatchObject({ status: 'pickup-scheduled', pickupScheduledFor: '2026-11-24 10:00:00' });
    const atCourier = fake.orders.find((entry) => entry.channel_order_id === parcel.reference)!;
    // The courier's own label and manifest, fetched from where it keeps them and handed over as they are.
    const labels = await printed('labels', [parcel.id]);
    expect(labels).toMatchObject({ status: 200, pages: 1 });
    expect(labels.text).toContain(`Shiprocket label AWB ${parcel.awb} Delhivery Surface`);
    expect(requestsTo('/v1/external/courier/generate/label').at(-1)!.body).toEqual({ shipment_id: [atCourier.shipmentId] });
    expect(requestsTo('/files/labels/').at(-1)).toMatchObject({ method: 'GET', path: `/files/labels/${atCourier.shipmentId}.pdf`, token: null });
    expect((await shipment(parcel.id)).labelUrl).toBe(`${fake.url}/files/labels/${atCourier.shipmentId}.pdf`);
    const manifest = await printed('manifest', [parcel.id]);
    expect(manifest).toMatchObject({ status: 200, pages: 1 });
    expect(manifest.text).toContain(`Shiprocket manifest ${parcel.awb}`);
    expect(requestsTo('/v1/external/manifests/generate').at(-1)!.body).toEqual({ shipment_id: [atCourier.shipmentId] });

    expect((await scan(parcel.awb!, 42, 'Picked Up', '24 11 2026 11:00:00')).body.outcome).toBe('processed');
    expect((await orderRow(order)).status).toBe('shipped');
    expect((await scan(parcel.awb!, 17, 'Out For Delivery', '26 11 2026 09:00:00')).body.outcome).toBe('processed');
    expect((await orderRow(order)).status).toBe('out-for-delivery');
    expect((await scan(parcel.awb!, 7, 'Delivered', '26 11 2026 14:30:00')).body.outcome).toBe('processed');
    const delivered = await orderRow(order);
    expect(delivered).toMatchObject({ status: 'delivered' });
    expect(delivered.deliveredAt).toEqual(now);

    // The existing status e-mails and live notices went out for each step.
    const mails = await shop.database.db.select().from(emailMessages).where(eq(emailMessages.toAddress, SHIPPING.customerInfo.email));
    const mine = mails.filter((mail) => mail.dedupeKey.includes(order.id)).map((mail) => mail.template);
    expect(mine).toEqual(expect.arrayContaining(['order-shipped', 'order-out-for-delivery', 'order-delivered']));
    // The shipped e-mail names the courier's tracking number.
    const shippedMail = mails.find((mail) => mail.dedupeKey === `order-shipped:${order.id}:${parcel.awb}`);
    expect(shippedMail).toBeDefined();
    const notices = await shop.database.db.select().from(notifications).where(eq(notifications.userId, customer.user.id));
    expect(notices.filter((notice) => notice.title === 'Order Status Updated').length).toBeGreaterThanOrEqual(3);

    // The customer reads the courier's timeline on the order's page.
    const theirs = await call(shop, 'GET', `/api/orders/${order.orderNumber}/shipments`, { token: customer.token });
    expect(theirs.status).toBe(200);
    const [timeline] = theirs.body.shipments as Shipment[];
    expect(timeline!.events.map((event) => event.status)).toEqual(['created', 'awb-assigned', 'pickup-scheduled', 'picked-up', 'out-for-delivery', 'delivered']);
    const stranger = await registerCustomer(shop);
    expect((await call(shop, 'GET', `/api/orders/${order.orderNumber}/shipments`, { token: stranger.token })).status).toBe(404);
  });

  it("a scan the courier's clock puts a little before the shop's booking still moves the parcel", async () => {
    const parcel = await booked(await placeOrder(shop, customer.token, one()));
    // Booked at 10:00 on the shop's clock; the courier's clock says its pickup scan came at 09:55.
    expect((await scan(parcel.awb!, 42, 'Picked Up', '23 11 2026 09:55:00')).body.outcome).toBe('processed');
    expect((await shipment(parcel.id)).status).toBe('picked-up');
  });

  it('a duplicate webhook changes nothing, and a late one is kept in the timeline without moving the parcel back', async () => {
    const order = await placeOrder(shop, customer.token, one());
    const parcel = await booked(order);
    expect((await scan(parcel.awb!, 17, 'Out For Delivery', '25 11 2026 09:00:00')).body.outcome).toBe('processed');
    expect((await scan(parcel.awb!, 17, 'Out For Delivery', '25 11 2026 09:00:00')).body.outcome).toBe('duplicate');
    expect((await scan(parcel.awb!, 18, 'In Transit', '24 11 2026 20:00:00')).body.outcome).toBe('processed');
    const after = await shipment(parcel.id);
    expect(after.status).toBe('out-for-delivery');
    expect(after.events.filter((event) => event.status === 'out-for-delivery')).toHaveLength(1);
    expect(after.events.some((event) => event.status === 'in-transit')).toBe(true);
    expect((await orderRow(order)).status).toBe('out-for-delivery');
  });

  it('a wrong token is refused with 401 and changes nothing; malformed and unknown events are answered 200, logged and counted', async () => {
    const order = await placeOrder(shop, customer.token, one());
    const parcel = await booked(order);
    const payload = fake.webhookPayload(parcel.awb!, 7, 'Delivered', '25 11 2026 12:00:00');
    expect((await webhook(payload, 'not-the-token-at-all')).status).toBe(401);
    expect((await webhook(payload, null)).status).toBe(401);
    expect((await shipment(parcel.id)).status).toBe('awb-assigned');

    const ignored = async () => (await shop.app.metrics.courierWebhookIgnored.get()).values.reduce((sum, entry) => sum + entry.value, 0);
    const before = await ignored();
    for (const body of [{ awb: 'x' }, { ...payload, current_timestamp: 'yesterday' }, { ...payload, awb: '99999999999' }, { ...payload, current_status_id: 999, shipment_status_id: 999 }]) {
      const answer = await webhook(body);
      expect(answer).toEqual({ status: 200, body: { success: true, outcome: 'ignored' } });
    }
    expect(await ignored()).toBe(before + 4);
    // The address Shiprocket's panel accepts is the same route.
    expect((await webhook(payload, WEBHOOK_TOKEN, '/api/shipping/courier-updates')).body.outcome).toBe('processed');
    expect((await shipment(parcel.id)).status).toBe('delivered');
  });
});

describe('failed deliveries', () => {
  it('NDR: the customer is told, picks a new day, the courier is asked to re-attempt, and it is delivered', async () => {
    const order = await placeOrder(shop, customer.token, one());
    const parcel = await booked(order);
    await scan(parcel.awb!, 42, 'Picked Up', '24 11 2026 11:00:00');
    await scan(parcel.awb!, 21, 'Undelivered', '25 11 2026 18:00:00', 'Consignee unavailable');
    const failed = await shipment(parcel.id);
    expect(failed).toMatchObject({ status: 'undelivered', ndr: { reason: 'Consignee unavailable', attempts: 1, action: null } });
    const [notice] = await shop.database.db.select().from(notifications).where(eq(notifications.title, 'Delivery Attempt Failed'));
    expect(notice).toMatchObject({ userId: customer.user.id, actionUrl: `/orders/${order.orderNumber}#delivery` });
    const [mail] = await shop.database.db.select().from(emailMessages).where(eq(emailMessages.dedupeKey, `delivery-failed:${parcel.id}:1`));
    expect(mail).toMatchObject({ template: 'delivery-failed', toAddress: SHIPPING.customerInfo.email, data: expect.objectContaining({ reason: 'Consignee unavailable', awb: parcel.awb }) });
    const queue = await call(shop, 'GET', '/api/admin/shipments?queue=ndr', { token: admin });
    expect((queue.body.shipments as Shipment[]).map((entry) => entry.id)).toContain(parcel.id);

    const stranger = await registerCustomer(shop);
    const url = `/api/orders/${order.orderNumber}/shipments/${parcel.id}/ndr`;
    expect((await call(shop, 'POST', url, { token: stranger.token, body: { action: 're-attempt' } })).status).toBe(404);
    expect((await call(shop, 'POST', url, { token: customer.token, body: { action: 'return' } })).status).toBe(403);
    const bad = await call(shop, 'POST', url, { token: customer.token, body: { action: 're-attempt', phone: '12345' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('phone');
    const chosen = await call(shop, 'POST', url, { token: customer.token, body: { action: 're-attempt', preferredDate: '2026-11-27', phone: '+91 91234 56789' } });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    await runJob({ shipmentId: parcel.id, step: 'ndr', decision: { action: 're-attempt', preferredDate: '2026-11-27', phone: '+91 91234 56789' } });
    const action = requestsTo(`/v1/external/ndr/${parcel.awb}/action`).at(-1)!;
    expect(action.body).toEqual({ action: 're-attempt', comments: 'Re-attempt delivery, as the customer asked on 2026-11-27; call +91 91234 56789' });

    await scan(parcel.awb!, 17, 'Out For Delivery', '27 11 2026 09:00:00');
    await scan(parcel.awb!, 7, 'Delivered', '27 11 2026 13:00:00');
    expect(await shipment(parcel.id)).toMatchObject({ status: 'delivered', ndr: null });
    expect((await orderRow(order)).status).toBe('delivered');
  });

  it('cash on delivery: NDR, the admin returns it to origin, and the returned parcel restocks and ends the order not collected', async () => {
    const start = await inventory();
    const placed = await call(shop, 'POST', '/api/payments/cod/place-order', { token: customer.token, body: { items: one(1), ...SHIPPING } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.order as Order;
    // Not confirmed by its customer yet: it may not leave.
    expect((await call(shop, 'POST', `/api/admin/orders/${order.orderNumber}/shipments`, { token: admin, body: {} })).status).toBe(409);
    expect((await call(shop, 'POST', `/api/orders/${order.id}/confirm-cod`, { token: customer.token, body: {} })).status).toBe(200);
    // The courier collects the whole total.
    const parcel = await booked(order);
    expect(requestsTo('/v1/external/orders/create/adhoc').at(-1)!.body).toMatchObject({ payment_method: 'COD', sub_total: order.total });
    expect(await inventory()).toBe(start - 1);

    await scan(parcel.awb!, 42, 'Picked Up', '24 11 2026 11:00:00');
    await scan(parcel.awb!, 21, 'Undelivered', '25 11 2026 18:00:00', 'Customer refused to accept');
    const back = await call(shop, 'POST', `/api/admin/shipments/${parcel.id}/ndr`, { token: admin, body: { action: 'return' } });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    await runJob({ shipmentId: parcel.id, step: 'ndr', decision: { action: 'return' } });
    expect(requestsTo(`/v1/external/ndr/${parcel.awb}/action`).at(-1)!.body).toMatchObject({ action: 'return' });
    await scan(parcel.awb!, 9, 'RTO Initiated', '26 11 2026 10:00:00');
    expect((await orderRow(order)).status).toBe('shipped');
    await scan(parcel.awb!, 10, 'RTO Delivered', '29 11 2026 16:00:00');
    expect(await shipment(parcel.id)).toMatchObject({ status: 'rto-delivered' });
    const ended = await orderRow(order);
    expect(ended).toMatchObject({ status: 'cancelled', paymentStatus: 'not_collected', holdsStock: false });
    expect(ended.codReturnedAt).toEqual(now);
    expect(await inventory()).toBe(start);
  });
});

describe('tracking reports that arrive together', () => {
  it("reports that arrive together are applied in one go: each parcel's in the courier's time order, each request with its own outcome", async () => {
    const [first, second, third] = [await placeOrder(shop, customer.token, one()), await placeOrder(shop, customer.token, one()), await placeOrder(shop, customer.token, one())];
    const [a, b, c] = [await booked(first), await booked(second), await booked(third)];
    // Sent at once, the first parcel's scans newest first, the second's twice (the courier's retry), and an AWB the shop never had.
    const answers = await Promise.all([
      scan(a.awb!, 7, 'Delivered', '26 11 2026 14:30:00'),
      scan(a.awb!, 17, 'Out For Delivery', '26 11 2026 09:00:00'),
      scan(a.awb!, 42, 'Picked Up', '24 11 2026 11:00:00'),
      scan(b.awb!, 42, 'Picked Up', '24 11 2026 11:00:00'),
      scan(b.awb!, 42, 'Picked Up', '24 11 2026 11:00:00'),
      scan(c.awb!, 21, 'Undelivered', '25 11 2026 18:00:00', 'Door locked'),
      webhook(fake.webhookPayload('NOSUCHAWB1', 42, 'Picked Up', '24 11 2026 11:00:00')),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    const outcomes = answers.map((answer) => answer.body.outcome);
    expect(outcomes.slice(0, 3)).toEqual(['processed', 'processed', 'processed']);
    expect(outcomes.slice(3, 5).sort()).toEqual(['duplicate', 'processed']);
    expect(outcomes.slice(5)).toEqual(['processed', 'ignored']);

    const delivered = await shipment(a.id);
    expect(delivered.status).toBe('delivered');
    expect(delivered.events.filter((event) => event.source === 'webhook').map((event) => event.status)).toEqual(['picked-up', 'out-for-delivery', 'delivered']);
    expect(await orderRow(first)).toMatchObject({ status: 'delivered', deliveredAt: now });
    expect((await shipment(b.id)).events.filter((event) => event.status === 'picked-up')).toHaveLength(1);
    expect((await orderRow(second)).status).toBe('shipped');
    expect(await shipment(c.id)).toMatchObject({ status: 'undelivered', ndr: { reason: 'Door locked', attempts: 1 } });
    // The lifecycle's e-mails were queued once each: delivered for the first order, shipped for the second, the failed attempt's for the third.
    const mails = await shop.database.db.select({ key: emailMessages.dedupeKey }).from(emailMessages);
    const keys = mails.map((mail) => mail.key);
    expect(keys.filter((key) => key.startsWith(`order-delivered:${first.id}`))).toHaveLength(1);
    // Its scans came together: the order went straight to delivered, as the courier's latest scan says, with no stale 'shipped' e-mail.
    expect(keys.filter((key) => key.startsWith(`order-shipped:${first.id}`))).toHaveLength(0);
    expect(keys.filter((key) => key.startsWith(`order-shipped:${second.id}`))).toHaveLength(1);
    expect(keys.filter((key) => key === `delivery-failed:${c.id}:1`)).toHaveLength(1);
  });

  it("a report the shop fails to apply answers 500 and keeps nothing, so the courier's retry is applied; the others in its batch are applied", async () => {
    const [first, second] = [await placeOrder(shop, customer.token, one()), await placeOrder(shop, customer.token, one())];
    const [a, b] = [await booked(first), await booked(second)];
    let failing: string | null = first.id;
    shop.app.services.lifecycle.onMessage(async (_tx, order) => {
      if (order.id === failing) throw new Error('a message channel failed mid-batch');
    });
    const [broken, fine] = await Promise.all([scan(a.awb!, 42, 'Picked Up', '24 11 2026 11:00:00'), scan(b.awb!, 42, 'Picked Up', '24 11 2026 11:00:00')]);
    expect(broken.status).toBe(500);
    expect(fine.body.outcome).toBe('processed');
    expect((await shipment(a.id)).status).toBe('awb-assigned');
    expect((await shipment(a.id)).events.some((event) => event.source === 'webhook')).toBe(false);
    expect((await orderRow(first)).status).toBe('processing');
    expect((await orderRow(second)).status).toBe('shipped');
    failing = null;
    expect((await scan(a.awb!, 42, 'Picked Up', '24 11 2026 11:00:00')).body.outcome).toBe('processed');
    expect((await orderRow(first)).status).toBe('shipped');
  });
});

describe('faults and refusals', () => {
  it('an AWB assignment that times out is retried without booking a second AWB', async () => {
    const order = await placeOrder(shop, customer.token, one());
    const created = await ship(order);
    const assignsBefore = requestsTo('/v1/external/courier/assign/awb').length;
    fake.answerAwbLate(2500);
    await expect(runJob({ shipmentId: created.id, step: 'book' })).rejects.toThrow(/did not answer/);
    const delayed = await shipment(created.id);
    expect(delayed).toMatchObject({ status: 'created', booking: 'delayed' });
    await new Promise((resolve) => setTimeout(resolve, 1300));
    await runJob({ shipmentId: created.id, step: 'book' });
    const after = await shipment(created.id);
    const atCourier = fake.orders.filter((entry) => entry.channel_order_id === created.reference);
    expect(atCourier).toHaveLength(1);
    expect(after).toMatchObject({ status: 'awb-assigned', booking: 'idle', awb: atCourier[0]!.awb });
    expect(requestsTo('/v1/external/courier/assign/awb').length - assignsBefore).toBe(1);
  });

  it('a courier outage (5xx) on creating the order delays the booking; the retry makes one courier order', async () => {
    const order = await placeOrder(shop, customer.token, one());
    const created = await ship(order);
    fake.failNext('/v1/external/orders/create/adhoc', 502);
    await expect(runJob({ shipmentId: created.id, step: 'book' })).rejects.toThrow(/502|unavailable/);
    expect((await shipment(created.id)).booking).toBe('delayed');
    await runJob({ shipmentId: created.id, step: 'book' });
    expect(fake.orders.filter((entry) => entry.channel_order_id === created.reference)).toHaveLength(1);
    expect((await shipment(created.id)).status).toBe('awb-assigned');
  });

  it('the token is kept for every process, renewed a day before its 10 days end, and renewed at once when refused', async () => {
    const [kept] = await shop.database.db.select().from(courierSessions);
    expect(kept!.token).toBe(fake.tokens.at(-1));
    const logins = fake.tokens.length;
    await booked(await placeOrder(shop, customer.token, one()));
    expect(fake.tokens.length).toBe(logins);

    fake.revoke(fake.tokens.at(-1)!);
    await booked(await placeOrder(shop, customer.token, one()));
    expect(fake.tokens.length).toBe(logins + 1);
    expect(requestsTo('/v1/external/auth/login').length).toBe(logins + 1);

    const issued = now;
    now = new Date(issued.getTime() + 9.5 * DAY);
    try {
      const unauthorisedBefore = fake.requests.length;
      await booked(await placeOrder(shop, customer.token, one()));
      expect(fake.tokens.length).toBe(logins + 2);
      // Renewed ahead of time: no request went out with the old token to be refused first.
      const sinceThen = fake.requests.slice(unauthorisedBefore);
      expect(sinceThen[0]!.path).toBe('/v1/external/auth/login');
    } finally {
      now = issued;
    }
  });

  it('the same lines twice, a label for a cancelled parcel, and cancelling after pickup are conflicts (409)', async () => {
    const order = await placeOrder(shop, customer.token, one(2));
    const [item] = ((await call(shop, 'GET', `/api/admin/orders/${order.orderNumber}`, { token: admin })).body.order as { items: { id: number }[] }).items;
    const first = await ship(order, { lines: [{ orderItemId: item!.id, quantity: 2 }] });
    const twice = await call(shop, 'POST', `/api/admin/orders/${order.orderNumber}/shipments`, { token: admin, body: { lines: [{ orderItemId: item!.id, quantity: 1 }] } });
    expect(twice.status).toBe(409);
    expect(twice.body.errors?.[0]?.field).toBe('lines');

    await runJob({ shipmentId: first.id, step: 'book' });
    const cancelled = await call(shop, 'POST', `/api/admin/shipments/${first.id}/cancel`, { token: admin });
    expect(cancelled.status).toBe(200);
    await runJob({ shipmentId: first.id, step: 'cancel' });
    expect(fake.orders.find((entry) => entry.channel_order_id === first.reference)!.cancelled).toBe(true);
    const labelsAsked = requestsTo('/v1/external/courier/generate/label').length;
    const label = await printed('labels', [first.id]);
    expect(label.status).toBe(409);
    expect(label.body).toMatchObject({ message: `Shipment ${first.id} has no label to print (cancelled, not booked yet, or already picked up)`, errors: [{ field: 'shipmentIds' }] });
    expect((await printed('packing-slips', [first.id])).status).toBe(409);
    expect(requestsTo('/v1/external/courier/generate/label').length).toBe(labelsAsked);
    // With the first called off, its units can go in a new parcel.
    const second = await ship(order);
    await runJob({ shipmentId: second.id, step: 'book' });
    const awb = (await shipment(second.id)).awb!;
    await scan(awb, 42, 'Picked Up', '24 11 2026 11:00:00');
    expect((await call(shop, 'POST', `/api/admin/shipments/${second.id}/cancel`, { token: admin })).status).toBe(409);
  });
});

describe('dispatch documents', () => {
  it("prints the courier's labels and the shop's own in one PDF, a page a parcel, with the AWB, PIN and cash to collect", async () => {
    const viaCourier = await booked(await placeOrder(shop, customer.token, one()));
    const prepaid = await ship(await placeOrder(shop, customer.token, one(2)), { courierName: 'India Post', awb: 'EE900000001IN' });
    const placed = await call(shop, 'POST', '/api/payments/cod/place-order', { token: customer.token, body: { items: one(1), ...SHIPPING } });
    const cod = placed.body.order as Order;
    expect((await call(shop, 'POST', `/api/orders/${cod.id}/confirm-cod`, { token: customer.token, body: {} })).status).toBe(200);
    const collected = await ship(cod, { courierName: 'DTDC', awb: '7D10293847' });

    const labels = await printed('labels', [viaCourier.id, prepaid.id, collected.id]);
    expect(labels).toMatchObject({ status: 200, pages: 3 });
    expect(labels.text).toContain(`Shiprocket label AWB ${viaCourier.awb}`);
    const [, ownPrepaid, ownCod] = labels.text.split('\f');
    expect(ownPrepaid).toContain('India Post');
    expect(ownPrepaid).toContain('PREPAID');
    expect(ownPrepaid).toContain('EE900000001IN');
    expect(ownPrepaid).toContain(`PIN ${SHIPPING.shippingAddress.zipCode}`);
    expect(ownPrepaid).toContain(SHIPPING.shippingAddress.street);
    expect(ownPrepaid).toContain(`${prepaid.reference}`);
    expect(ownPrepaid).toContain(`${(prepaid.weightGrams / 1000).toFixed(2)} kg`);
    expect(ownPrepaid).toContain('IF UNDELIVERED, RETURN TO');
    expect(ownPrepaid).not.toContain('Collect');
    expect(ownCod).toContain('COD');
    expect(ownCod).toContain(`Collect ₹${cod.total.toLocaleString('en-IN', { minimumFractionDigits: 2 })} in cash`);
    // Only the parcel booked through the courier was asked of it.
    const atCourier = fake.orders.find((entry) => entry.channel_order_id === viaCourier.reference)!;
    expect(requestsTo('/v1/external/courier/generate/label').at(-1)!.body).toEqual({ shipment_id: [atCourier.shipmentId] });

    const manifest = await printed('manifest', [prepaid.id, collected.id]);
    expect(manifest).toMatchObject({ status: 200, pages: 1 });
    expect(manifest.text).toContain('EE900000001IN');
    expect(manifest.text).toContain('7D10293847');
    expect(manifest.text).toContain('Parcels: 2');
    expect(manifest.text).toContain('Received by (pickup agent)');
    // A courier-booked parcel joins a manifest once its pickup is asked for.
    expect((await printed('manifest', [viaCourier.id])).status).toBe(409);
  });

  it("a packing slip lists the lines and quantities with prices; a gift's names the recipient, prints the message and no price", async () => {
    const plain = await ship(await placeOrder(shop, customer.token, one(3)), { courierName: 'India Post', awb: 'EE900000002IN' });
    const gift = { wrap: true, recipientName: 'Anaya Rao', message: 'Happy birthday, little witch.\nMay the moon keep you.' };
    const gifted = await ship(await placeOrder(shop, customer.token, one(1), { gift }), { courierName: 'India Post', awb: 'EE900000003IN' });

    const slips = await printed('packing-slips', [plain.id, gifted.id]);
    expect(slips).toMatchObject({ status: 200, pages: 2 });
    const [plainSlip, giftSlip] = slips.text.split('\f');
    expect(plainSlip).toContain('PACKING SLIP');
    expect(plainSlip).toContain(`${plain.lines[0]!.name} · 30ml`);
    expect(plainSlip).toContain('3 potions in this parcel');
    expect(plainSlip).toMatch(/₹[\d,]+\.\d\d/);
    expect(plainSlip).toContain(SHIPPING.customerInfo.name);
    expect(giftSlip).toContain('A gift for Anaya Rao');
    expect(giftSlip).toContain('Happy birthday, little witch.');
    expect(giftSlip).toContain('May the moon keep you.');
    expect(giftSlip).toContain('1 potion in this parcel');
    expect(giftSlip).not.toContain('₹');
    expect(giftSlip).not.toContain('Amount');
    expect(giftSlip).not.toContain(SHIPPING.customerInfo.name);
    // The shop's address, for a return.
    expect(giftSlip).toContain('Deosil Perfumes');
  });
});

describe('shipping by hand', () => {
  it("an admin types the courier and AWB and moves the parcel along; a courier-tracked parcel's status is the courier's", async () => {
    const order = await placeOrder(shop, customer.token, one());
    const parcel = await ship(order, { courierName: 'India Post', awb: 'EE123456789IN' });
    expect(parcel).toMatchObject({ provider: 'manual', status: 'awb-assigned', awb: 'EE123456789IN', booking: 'idle' });
    const moved = await call(shop, 'PUT', `/api/admin/shipments/${parcel.id}/status`, { token: admin, body: { status: 'in-transit' } });
    expect(moved.status).toBe(200);
    expect((await orderRow(order)).status).toBe('shipped');
    const backwards = await call(shop, 'PUT', `/api/admin/shipments/${parcel.id}/status`, { token: admin, body: { status: 'picked-up' } });
    expect(backwards.status).toBe(409);
    await call(shop, 'PUT', `/api/admin/shipments/${parcel.id}/status`, { token: admin, body: { status: 'delivered' } });
    expect((await orderRow(order)).status).toBe('delivered');

    const tracked = await booked(await placeOrder(shop, customer.token, one()));
    expect((await call(shop, 'PUT', `/api/admin/shipments/${tracked.id}/status`, { token: admin, body: { status: 'delivered' } })).status).toBe(409);
  });

  it('an AWB already on another parcel is a 409 naming awb that changes nothing, also when two parcels are given it at once', async () => {
    const [first, second] = [await placeOrder(shop, customer.token, one()), await placeOrder(shop, customer.token, one())];
    await ship(first, { courierName: 'India Post', awb: 'EE200000001IN' });
    const before = await orderRow(second);
    const again = await call(shop, 'POST', `/api/admin/orders/${second.orderNumber}/shipments`, { token: admin, body: { courierName: 'India Post', awb: 'EE200000001IN' } });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual([{ field: 'awb', message: expect.stringContaining('EE200000001IN') }]);
    expect(await parcelsOf(second)).toEqual([]);
    expect(await orderRow(second)).toEqual(before);

    // Two admins typing the same tracking number for two orders at the same moment: one parcel gets it.
    const [third, fourth] = [await placeOrder(shop, customer.token, one()), await placeOrder(shop, customer.token, one())];
    const both = await Promise.all([third, fourth].map((order) => call(shop, 'POST', `/api/admin/orders/${order.orderNumber}/shipments`, { token: admin, body: { courierName: 'India Post', awb: 'EE200000002IN' } })));
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const loser = both.find((answer) => answer.status === 409)!;
    expect(loser.body.errors?.[0]?.field).toBe('awb');
    const parcels = [...(await parcelsOf(third)), ...(await parcelsOf(fourth))];
    expect(parcels.map((parcel) => parcel.awb)).toEqual(['EE200000002IN']);
  });
});

describe('tracking without the webhook', () => {
  it('a parcel the courier has said nothing of for 12 hours is asked about, so a lost webhook strands no order', async () => {
    const order = await placeOrder(shop, customer.token, one());
    const parcel = await booked(order);
    fake.scan(parcel.awb!, 42, 'Picked Up', '2026-11-23 15:00:00');
    fake.scan(parcel.awb!, 18, 'In Transit', '2026-11-23 21:00:00', 'Shipment added in bag');
    expect(await shop.app.services.courierJobs.pollSilent()).toBe(0);
    const start = now;
    now = new Date(start.getTime() + 13 * 60 * 60 * 1000);
    try {
      expect(await shop.app.services.courierJobs.pollSilent()).toBeGreaterThanOrEqual(1);
      const after = await shipment(parcel.id);
      expect(after.status).toBe('in-transit');
      expect(after.events.filter((event) => event.source === 'poll').map((event) => event.status)).toEqual(['picked-up', 'in-transit']);
      expect((await orderRow(order)).status).toBe('shipped');
      // Asked just now: the next run leaves it alone.
      const tracked = requestsTo(`/v1/external/courier/track/awb/${parcel.awb}`).length;
      await shop.app.services.courierJobs.pollSilent();
      expect(requestsTo(`/v1/external/courier/track/awb/${parcel.awb}`).length).toBe(tracked);
    } finally {
      now = start;
    }
  });
});

describe('the delivery promise from the courier', () => {
  const promise = async (pincode: string) => (await call(shop, 'GET', `/api/shipping/serviceability?pincode=${pincode}`)).body;
  const asked = (pincode: string) => requestsTo('/v1/external/courier/serviceability').filter((request) => request.path.includes(`delivery_postcode=${pincode}`)).length;

  it("promises the fastest courier's days, asks once per PIN a day, and says no where no courier goes", async () => {
    const answer = await promise('560038');
    expect(answer).toMatchObject({ serviceable: true, codAvailable: true, estimatedDelivery: '2026-11-25' });
    await promise('560038');
    expect(asked('560038')).toBe(1);
    fake.unserviceable.add('570001');
    expect(await promise('570001')).toMatchObject({ serviceable: false, estimatedDelivery: null, codAvailable: false });
    const start = now;
    now = new Date(start.getTime() + 25 * 60 * 60 * 1000);
    try {
      await promise('560038');
      expect(asked('560038')).toBe(2);
    } finally {
      now = start;
    }
  });

  it('falls back to the shipping zones when the courier does not answer within 800 ms, and keeps the late answer', async () => {
    fake.answerServiceabilityLate(1200);
    try {
      const zones = await promise('400001');
      // Mumbai's zone promises its own days: not the courier's two.
      expect(zones.serviceable).toBe(true);
      expect(zones.estimatedDelivery).not.toBe('2026-11-25');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const [kept] = await shop.database.db.select().from(courierServiceability).where(eq(courierServiceability.pincode, '400001'));
      expect(kept).toMatchObject({ serviceable: 1, deliveryDays: 2 });
    } finally {
      fake.answerServiceabilityLate(0);
    }
    expect((await promise('400001')).estimatedDelivery).toBe('2026-11-25');
  });
});
