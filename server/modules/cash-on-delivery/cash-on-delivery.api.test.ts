import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/orders.ts';
import { auditLog, creditNotes, emailMessages, notifications, products, userAchievements, users } from '../../db/schema/index.ts';
import { notSuppliedKey } from '../../../domain/credit-notes.ts';
import { taxLines } from '../../../domain/gst.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { placeOrder, SHIPPING, type Line } from '../../../tests/support/checkout.ts';
import { readStreamEvents } from '../../../tests/support/event-stream.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { COD_EXPIRY_QUEUE } from '../../jobs/shop-jobs.ts';

// Monday 23 November 2026, 10:00 in India.
let now = new Date('2026-11-23T10:00:00+05:30');
const HOUR = 60 * 60 * 1000;
let shop: TestShop;
let admin: string;
let poppy: number;
let hush: number;
let poppyPrice: number;

type Customer = Awaited<ReturnType<typeof registerCustomer>>;

const inventory = async (id: number) => (await shop.database.db.select().from(products).where(eq(products.id, id)))[0]!.inventory;
const to = (zipCode: string, city = 'Pune', state = 'Maharashtra') => ({ shippingAddress: { ...SHIPPING.shippingAddress, zipCode, city, state } });
const body = (items: Line[], extra: Record<string, unknown> = {}) => ({ items, ...SHIPPING, ...extra });
const eligibility = (customer: Customer, items: Line[], extra: Record<string, unknown> = {}) =>
  call(shop, 'POST', '/api/payments/cod/eligibility', { token: customer.token, body: body(items, extra) });
const placeCod = (customer: Customer, items: Line[], extra: Record<string, unknown> = {}) =>
  call(shop, 'POST', '/api/payments/cod/place-order', { token: customer.token, body: body(items, extra) });
const confirm = (order: Order, options: { token?: string; body?: unknown } = {}) =>
  call(shop, 'POST', `/api/orders/${order.id}/confirm-cod`, { ...(options.token ? { token: options.token } : {}), body: options.body ?? {} });
const adminPost = (order: Order, action: 'cod-collected' | 'rto', payload: unknown = {}) => call(shop, 'POST', `/api/admin/orders/${order.orderNumber}/${action}`, { token: admin, body: payload });
const setStatus = (order: Order, status: string) => call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: admin, body: { status } });
const one = (quantity = 1): Line[] => [{ productId: poppy, size: '30ml', quantity }];

async function verifiedCustomer(): Promise<Customer> {
  const customer = await registerCustomer(shop);
  await shop.database.db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, customer.user.id));
  return customer;
}

async function placed(customer: Customer, items = one()): Promise<Order> {
  const response = await placeCod(customer, items);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.order as Order;
}

/** The token of the confirmation link the 'please confirm' e-mail carries. */
async function mailedLink(order: Order): Promise<URL> {
  const [mail] = await shop.database.db.select().from(emailMessages).where(eq(emailMessages.dedupeKey, `cod-placed:${order.id}`));
  expect(mail).toBeDefined();
  return new URL((mail!.data as { confirmUrl: string }).confirmUrl);
}

beforeAll(async () => {
  shop = await startTestShop({ clock: () => now });
  admin = await signInAdmin(shop);
  const rows = await shop.database.db.select().from(products);
  poppy = rows.find((row) => row.slug === 'dark-poppy')!.id;
  hush = rows.find((row) => row.slug === 'hush')!.id;
  await shop.database.db.update(products).set({ inventory: 200 });
  const quote = await call(shop, 'POST', '/api/cart/quote', { body: { items: one() } });
  poppyPrice = (quote.body.lines as { unitPrice: number }[])[0]!.unitPrice;
  expect(poppyPrice).toBeGreaterThan(0);
});
afterAll(async () => {
  await shop?.close();
});

describe('placing an order to be paid on delivery', () => {
  it('offers COD with the zone fee on top of the server total, and places it: cod_pending, stock taken, a fee line, a please-confirm e-mail', async () => {
    const customer = await verifiedCustomer();
    const offered = await eligibility(customer, one(2));
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    expect(offered.body).toMatchObject({ success: true, available: true, reason: null, codFee: 49 });
    // The GST inside what is paid on delivery: the fee is taxed with the goods, at their 18 %.
    const paise = Math.round(poppyPrice * 100) * 2;
    expect(Math.round((offered.body.includedGst as number) * 100)).toBe(taxLines([{ amountPaise: paise, rateBp: 1800 }], 0, 'inter-state', 4_900)[0]!.igstPaise);
    const before = await inventory(poppy);

    // Whatever totals or fees the browser adds are ignored: the server prices the basket and adds the zone's fee.
    const response = await placeCod(customer, one(2), { total: 1, amount: 1, codFee: 0, cashOnDelivery: { fee: 0 } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const order = response.body.order as Order;
    expect(order).toMatchObject({ paymentMethod: 'cod', paymentStatus: 'cod_pending', status: 'pending', shipping: 0, paymentId: null, invoiceNumber: null });
    expect(order.total).toBe(offered.body.total);
    expect(order.total).toBeCloseTo(order.subtotal - order.discountAmount + 49, 2);
    expect(order.cashOnDelivery).toEqual({
      fee: 49,
      // No gift card or store credit paid any of it: the courier collects the whole total.
      toCollect: order.total,
      confirmBy: new Date(now.getTime() + 24 * HOUR).toISOString(),
      confirmedAt: null,
      confirmedVia: null,
      collectedAt: null,
      returnedToOriginAt: null,
    });
    expect(await inventory(poppy)).toBe(before - 2);

    const link = await mailedLink(order);
    expect(`${link.origin}${link.pathname}`).toMatch(/\/confirm-cod$/);
    // Named by its number, so the page can show which order it confirms before anything is pressed.
    expect(link.searchParams.get('order')).toBe(order.orderNumber);
    expect(link.searchParams.get('token')).toMatch(/^[0-9a-f]{64}$/);
    const [mail] = await shop.database.db.select().from(emailMessages).where(eq(emailMessages.dedupeKey, `cod-placed:${order.id}`));
    expect(mail).toMatchObject({ template: 'cod-placed', toAddress: customer.user.email });
    const [bell] = await shop.database.db.select().from(notifications).where(and(eq(notifications.userId, customer.user.id), eq(notifications.title, 'Please Confirm Your Order')));
    expect(bell?.message).toContain(order.orderNumber);
    expect((await setStatus(order, 'cancelled')).status).toBe(200);
  });

  it("sends the confirmation link to the account's verified address, never to an address typed into the form", async () => {
    const customer = await verifiedCustomer();
    const response = await placeCod(customer, one(), { customerInfo: { ...SHIPPING.customerInfo, email: 'stranger@deosil.test' } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const order = response.body.order as Order;
    expect(order.customerEmail).toBe(customer.user.email);
    const mails = await shop.database.db.select().from(emailMessages).where(eq(emailMessages.dedupeKey, `cod-placed:${order.id}`));
    expect(mails.map((mail) => mail.toAddress)).toEqual([customer.user.email]);
    expect(await shop.database.db.select().from(emailMessages).where(eq(emailMessages.toAddress, 'stranger@deosil.test'))).toEqual([]);
    expect((await setStatus(order, 'cancelled')).status).toBe(200);
  });

  it('sums a potion bought in two sizes against its one stock, and names the line when it is short, like a prepaid checkout', async () => {
    const customer = await verifiedCustomer();
    await shop.database.db.update(products).set({ inventory: 3 }).where(eq(products.id, hush));
    const short = await placeCod(customer, [
      { productId: hush, size: '15ml', quantity: 2 },
      { productId: hush, size: '30ml', quantity: 2 },
    ]);
    expect(short.status).toBe(409);
    expect(short.body.message).toBe('Only 3 of Hush left');
    expect(short.body.errors).toEqual([{ field: 'items.1.quantity', message: 'Only 3 of Hush left' }]);
    expect(await inventory(hush)).toBe(3);
    await shop.database.db.update(products).set({ inventory: 200 }).where(eq(products.id, hush));
  });

  it('refuses an unverified e-mail (403), a PIN without COD (400) and an order over ₹5,000 (400), saying why, and writes nothing', async () => {
    const unverified = await registerCustomer(shop);
    const reason = 'Verify your e-mail address to pay on delivery';
    expect((await eligibility(unverified, one())).body).toMatchObject({ available: false, reason });
    const refused = await placeCod(unverified, one());
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(reason);

    const customer = await verifiedCustomer();
    const assam = await placeCod(customer, one(), to('781001', 'Guwahati', 'Assam'));
    expect(assam.status).toBe(400);
    expect(assam.body).toMatchObject({ message: 'Cash on delivery is not available for PIN code 781001', errors: [{ field: 'shippingAddress.zipCode', message: 'Cash on delivery is not available for PIN code 781001' }] });
    expect((await eligibility(customer, one(), to('781001', 'Guwahati', 'Assam'))).body).toMatchObject({ available: false, codFee: 0 });
    const islands = await eligibility(customer, one(), to('744101', 'Port Blair', 'Andaman and Nicobar Islands'));
    expect(islands.body).toMatchObject({ available: false, reason: "We don't deliver to 744101 yet" });

    const units = Math.ceil(5000 / poppyPrice) + 1;
    const large = await placeCod(customer, one(units));
    expect(large.status).toBe(400);
    expect(large.body.message).toBe('Cash on delivery is available for orders up to ₹5,000.00');
    expect((await call(shop, 'GET', '/api/orders/mine', { token: customer.token })).body.orders).toEqual([]);
  });

  it('refuses a third open COD order (403) and, after two parcels came back, any COD at all', async () => {
    const customer = await verifiedCustomer();
    const first = await placed(customer);
    const second = await placed(customer);
    const third = await placeCod(customer, one());
    expect(third.status).toBe(403);
    expect(third.body.message).toBe('You already have 2 cash-on-delivery orders waiting to be delivered; pay online or wait for one to arrive');

    for (const order of [first, second]) {
      expect((await confirm(order, { token: customer.token })).status).toBe(200);
      expect((await setStatus(order, 'shipped')).status).toBe(200);
      const before = await inventory(poppy);
      const returned = await adminPost(order, 'rto', { note: 'Refused at the door' });
      expect(returned.status, JSON.stringify(returned.body)).toBe(200);
      expect(returned.body.order).toMatchObject({ status: 'cancelled', paymentStatus: 'not_collected', cashOnDelivery: { returnedToOriginAt: now.toISOString() } });
      expect(await inventory(poppy)).toBe(before + 1);
    }
    const [audit] = await shop.database.db.select().from(auditLog).where(and(eq(auditLog.targetId, first.id), eq(auditLog.action, 'order.cod-rto')));
    expect(audit?.details).toMatchObject({ before: { paymentStatus: 'cod_pending' }, after: { status: 'cancelled', paymentStatus: 'not_collected' } });
    const reason = 'Cash on delivery is not available on this account because its last 2 cash-on-delivery parcels were returned';
    expect((await eligibility(customer, one())).body).toMatchObject({ available: false, reason });
    const refused = await placeCod(customer, one());
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(reason);
    // Paying online stays open to them.
    expect((await placeOrder(shop, customer.token, one())).paymentStatus).toBe('paid');
  });
});

describe('confirming', () => {
  it('the owner confirms from the order page; the e-mail link confirms signed out; twice is the same answer', async () => {
    const customer = await verifiedCustomer();
    const order = await placed(customer);
    const byOwner = await confirm(order, { token: customer.token });
    expect(byOwner.status, JSON.stringify(byOwner.body)).toBe(200);
    const bodiless = await shop.app.inject({ method: 'POST', url: `/api/orders/${order.id}/confirm-cod`, headers: { authorization: `Bearer ${customer.token}` } });
    expect(bodiless.statusCode, bodiless.body).toBe(200);
    expect(byOwner.body).toEqual({ success: true, orderNumber: order.orderNumber, confirmedAt: now.toISOString() });
    const again = await confirm(order, { token: customer.token });
    expect(again.body).toEqual(byOwner.body);
    const adminAlert = await shop.database.db.select().from(notifications).where(eq(notifications.title, 'COD Order Confirmed'));
    expect(adminAlert.some((alert) => alert.message.includes(order.orderNumber))).toBe(true);

    const other = await placed(customer);
    const link = await mailedLink(other);
    const byLink = await confirm(other, { body: { token: link.searchParams.get('token') } });
    expect(byLink.status, JSON.stringify(byLink.body)).toBe(200);
    const detail = await call(shop, 'GET', `/api/orders/${other.orderNumber}`, { token: customer.token });
    expect((detail.body.order as Order).cashOnDelivery?.confirmedAt).toBe(now.toISOString());
    // The COD panel says which way each was confirmed: on the order page, or by the e-mailed link.
    expect((detail.body.order as Order).cashOnDelivery?.confirmedVia).toBe('email');
    const owned = await call(shop, 'GET', `/api/orders/${order.orderNumber}`, { token: customer.token });
    expect((owned.body.order as Order).cashOnDelivery?.confirmedVia).toBe('web');
    expect((detail.body.order as Order).statusHistory.at(-1)).toMatchObject({ note: 'Confirmed by the customer for cash on delivery', updatedBy: customer.user.name });
    // The back office posts 'Returned to origin' without a body when no note is written.
    const bare = await shop.app.inject({ method: 'POST', url: `/api/admin/orders/${order.orderNumber}/rto`, headers: { authorization: `Bearer ${admin}` } });
    expect(bare.statusCode, bare.body).toBe(200);
    expect((bare.json() as { order: Order }).order.statusHistory.at(-1)?.note).toBe('Returned to origin');
    await adminPost(other, 'rto');
  });

  it("confirmed from the e-mail's link on another device, the customer's open order page hears it at once on their live stream", async () => {
    const customer = await verifiedCustomer();
    const order = await placed(customer);
    const link = await mailedLink(order);
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (shop.app.server.address() as AddressInfo).port;
    // The order page's session: its stream of the customer's notifications (the page refetches the order on any 'order' one).
    const events = await readStreamEvents(
      `http://127.0.0.1:${port}/api/notifications/stream`,
      customer.token,
      (seen) => seen.some((event) => event.event === 'notification'),
      async () => {
        // Another device, signed out: only the link's token.
        expect((await confirm(order, { body: { token: link.searchParams.get('token') } })).status).toBe(200);
      },
    );
    expect(events.find((event) => event.event === 'notification')?.data).toMatchObject({
      notification: { type: 'order', title: 'Order Confirmed', actionUrl: `/orders/${order.orderNumber}`, message: expect.stringContaining(order.orderNumber) },
    });
  });

  it("another customer's order, another order's token or a made-up token: 404, nothing confirmed; signed out without a token: 401", async () => {
    const owner = await verifiedCustomer();
    const stranger = await verifiedCustomer();
    const order = await placed(owner);
    const otherOrder = await placed(stranger);
    const otherToken = (await mailedLink(otherOrder)).searchParams.get('token')!;

    expect((await confirm(order, { token: stranger.token })).status).toBe(404);
    expect((await confirm(order, { body: { token: otherToken } })).status).toBe(404);
    expect((await confirm(order, { body: { token: 'ab'.repeat(32) } })).status).toBe(404);
    expect((await confirm(order, { body: { token: 'not hex at all' } })).status).toBe(404);
    expect((await confirm(order, { body: {} })).status).toBe(401);
    expect((await confirm(order, { body: { token: 42 } })).status).toBe(400);
    const detail = await call(shop, 'GET', `/api/orders/${order.orderNumber}`, { token: owner.token });
    expect((detail.body.order as Order).cashOnDelivery?.confirmedAt).toBeNull();
    // An order paid online has nothing to confirm.
    const prepaid = await placeOrder(shop, owner.token, one());
    expect((await confirm(prepaid, { token: owner.token })).status).toBe(404);
    await adminPost(order, 'rto');
    await adminPost(otherOrder, 'rto');
  });
});

describe('the back office', () => {
  it('an unconfirmed order cannot be shipped or collected (409); confirmed, delivered is not paid, "Cash collected" is: paid and invoiced', async () => {
    const customer = await verifiedCustomer();
    const order = await placed(customer);
    const early = await setStatus(order, 'shipped');
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/is awaiting confirmation/);
    expect((await adminPost(order, 'cod-collected')).status).toBe(409);

    expect((await confirm(order, { token: customer.token })).status).toBe(200);
    const shipped = await setStatus(order, 'shipped');
    expect(shipped.status).toBe(200);
    // Invoiced when it leaves the shop (CGST s.31(1)(a)), before any cash comes back.
    const invoiceNumber = (shipped.body.order as Order).invoiceNumber;
    expect(shipped.body.order).toMatchObject({ status: 'shipped', paymentStatus: 'cod_pending', invoiceNumber: expect.stringMatching(/^DP\//), invoiceDate: now.toISOString() });
    const delivered = await setStatus(order, 'delivered');
    expect(delivered.body.order).toMatchObject({ status: 'delivered', paymentStatus: 'cod_pending', invoiceNumber });
    const achievements = async () => (await shop.database.db.select().from(userAchievements).where(eq(userAchievements.userId, customer.user.id))).map((row) => row.achievementId);
    expect(await achievements()).not.toContain('first-potion');

    const collected = await adminPost(order, 'cod-collected');
    expect(collected.status, JSON.stringify(collected.body)).toBe(200);
    expect(collected.body.order).toMatchObject({ status: 'delivered', paymentStatus: 'paid', invoiceNumber, cashOnDelivery: { collectedAt: now.toISOString() } });
    // The invoice adds up to the cash the courier collected: GST taxes the Cash on Delivery fee with the goods.
    const invoiced = collected.body.order as Order;
    expect(invoiced.cashOnDelivery?.fee).toBeGreaterThan(0);
    const tax = invoiced.tax!;
    expect(Math.round((tax.taxableValue + tax.cgst + tax.sgst + tax.igst) * 100)).toBe(Math.round(invoiced.total * 100));
    expect(invoiced.total).toBeCloseTo(invoiced.discountedSubtotal + invoiced.cashOnDelivery!.fee, 2);
    // Collected, the order counts as spent: it unlocks the first-order achievement as a prepaid order does.
    expect(await achievements()).toContain('first-potion');
    const [audit] = await shop.database.db.select().from(auditLog).where(and(eq(auditLog.targetId, order.id), eq(auditLog.action, 'order.cod-collected')));
    expect(audit?.details).toMatchObject({ before: { paymentStatus: 'cod_pending' }, after: { paymentStatus: 'paid' } });
    // Once: a second collection, or a return to origin of a paid order, is refused.
    expect((await adminPost(order, 'cod-collected')).status).toBe(409);
    expect((await adminPost(order, 'rto')).status).toBe(409);
    // An order paid online was never waiting for cash.
    const prepaid = await placeOrder(shop, customer.token, one());
    expect((await adminPost(prepaid, 'cod-collected')).status).toBe(409);
    expect((await call(shop, 'POST', '/api/admin/orders/DP-NOSUCH-1/cod-collected', { token: admin })).status).toBe(404);
    expect((await call(shop, 'POST', `/api/admin/orders/${order.orderNumber}/cod-collected`, { token: customer.token })).status).toBe(403);
  });

  it('invoiced when shipped, with the invoice e-mailed even to a customer who turned updates off; a return to origin credits it all', async () => {
    const customer = await verifiedCustomer();
    const [user] = await shop.database.db.select().from(users).where(eq(users.id, customer.user.id));
    await shop.database.db.update(users).set({ preferences: { ...user!.preferences, orderUpdates: false } }).where(eq(users.id, customer.user.id));
    const order = await placed(customer, [...one(2), { productId: hush, size: '15ml', quantity: 1 }]);
    expect((await confirm(order, { token: customer.token })).status).toBe(200);
    const mailsOf = async () => (await shop.database.db.select().from(emailMessages)).filter((mail) => mail.dedupeKey.includes(order.id));
    // Confirming is answered by an 'order confirmed' e-mail (a receipt: it goes whatever the preferences).
    expect((await mailsOf()).filter((mail) => mail.template === 'cod-confirmed').map((mail) => mail.dedupeKey)).toEqual([`cod-confirmed:${order.id}`]);

    const shipped = (await setStatus(order, 'shipped')).body.order as Order;
    expect(shipped.invoiceNumber).toMatch(/^DP\//);
    const shippedMail = (await mailsOf()).find((mail) => mail.template === 'order-shipped');
    expect(shippedMail?.attachments).toEqual([{ kind: 'invoice', orderId: order.id }]);
    const pdf = await shop.app.inject({ method: 'GET', url: `/api/orders/${order.orderNumber}/invoice.pdf`, headers: { authorization: `Bearer ${customer.token}` } });
    expect(pdf.statusCode).toBe(200);
    // Out for delivery sends nothing to this customer, and never a second invoice.
    await setStatus(order, 'out-for-delivery');
    expect((await mailsOf()).filter((mail) => mail.attachments.some((ref) => ref.kind === 'invoice'))).toHaveLength(1);

    const returned = await adminPost(order, 'rto', { note: 'Refused at the door' });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    const notes = await shop.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, order.id));
    expect(notes).toHaveLength(1);
    // Nothing was paid and nothing is refunded, but the invoiced goods never reached the buyer: all of it is reversed.
    expect(notes[0]).toMatchObject({ invoiceNumber: shipped.invoiceNumber, amountPaise: Math.round(shipped.total * 100), refundId: notSuppliedKey(order.id) });
    expect(notes[0]!.lines.map((line) => [line.orderItemId, line.quantity])).toEqual(shipped.items.map((item) => [item.id, item.quantity]));
    const cancelledMail = (await mailsOf()).find((mail) => mail.dedupeKey === `order-cancelled:${order.id}`);
    expect(cancelledMail?.attachments).toEqual([{ kind: 'credit-note', orderId: order.id, refundId: notSuppliedKey(order.id) }]);
    const after = (await call(shop, 'GET', `/api/orders/${order.orderNumber}`, { token: customer.token })).body.order as Order;
    expect(after).toMatchObject({ status: 'cancelled', paymentStatus: 'not_collected', refundedAt: null });
  });

  it('cancelling an unconfirmed COD order gives its stock back and owes nothing; it cannot be reopened', async () => {
    const customer = await verifiedCustomer();
    const before = await inventory(poppy);
    const order = await placed(customer);
    const cancelled = await setStatus(order, 'cancelled');
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.order).toMatchObject({ status: 'cancelled', paymentStatus: 'not_collected' });
    expect(await inventory(poppy)).toBe(before);
    const [mail] = await shop.database.db.select().from(emailMessages).where(eq(emailMessages.dedupeKey, `order-cancelled:${order.id}`));
    expect(mail?.template).toBe('cod-cancelled');
    expect((await setStatus(order, 'processing')).status).toBe(409);
    expect((await confirm(order, { token: customer.token })).status).toBe(409);
  });
});

describe('the 24-hour confirmation window', () => {
  it('an order nobody confirmed is cancelled by the job once its day is over, its stock back and the customer told; confirming then is too late', async () => {
    const customer = await verifiedCustomer();
    const before = await inventory(poppy);
    const order = await placed(customer, one(2));
    const kept = await placed(customer);
    expect((await confirm(kept, { token: customer.token })).status).toBe(200);

    const start = now;
    try {
      now = new Date(start.getTime() + 24 * HOUR);
      expect(await shop.app.services.cod.expireUnconfirmed()).toBe(0);
      now = new Date(start.getTime() + 24 * HOUR + 60_000);
      expect(await shop.app.services.cod.expireUnconfirmed()).toBe(1);
      expect(await shop.app.services.cod.expireUnconfirmed()).toBe(0);

      const detail = (await call(shop, 'GET', `/api/orders/${order.orderNumber}`, { token: customer.token })).body.order as Order;
      expect(detail).toMatchObject({ status: 'cancelled', paymentStatus: 'not_collected' });
      expect(detail.statusHistory.at(-1)?.note).toBe('Not confirmed within 24 hours, so cancelled');
      expect(await inventory(poppy)).toBe(before - 1);
      const [mail] = await shop.database.db.select().from(emailMessages).where(eq(emailMessages.dedupeKey, `order-cancelled:${order.id}`));
      expect(mail).toMatchObject({ template: 'cod-not-confirmed', toAddress: customer.user.email });
      const late = await confirm(order, { token: customer.token });
      expect(late.status).toBe(409);
      expect(((await call(shop, 'GET', `/api/orders/${kept.orderNumber}`, { token: customer.token })).body.order as Order).status).toBe('pending');
    } finally {
      now = start;
    }
  });

  it('past the deadline but before the job has run, confirming is refused with the time it ran out', async () => {
    const customer = await verifiedCustomer();
    const order = await placed(customer);
    const start = now;
    try {
      now = new Date(start.getTime() + 25 * HOUR);
      const late = await confirm(order, { token: customer.token });
      expect(late.status).toBe(409);
      expect(late.body.message).toBe(`The time to confirm order ${order.orderNumber} ran out at 24 Nov 2026, 10:00 am`);
    } finally {
      now = start;
    }
  });
});

describe('the scheduled job', () => {
  it('runs in the shop workers: a job on its queue cancels what ran out on the shop clock', async () => {
    let clock = new Date('2026-11-23T10:00:00+05:30');
    const withWorkers = await startTestShop({ clock: () => clock, env: { JOBS_IN_WEB: 'true' } });
    try {
      const shopper = await registerCustomer(withWorkers);
      await withWorkers.database.db.update(users).set({ emailVerifiedAt: clock }).where(eq(users.id, shopper.user.id));
      const [potion] = await withWorkers.database.db.select().from(products).where(eq(products.slug, 'hush'));
      await withWorkers.database.db.update(products).set({ inventory: 5 }).where(eq(products.id, potion!.id));
      const response = await call(withWorkers, 'POST', '/api/payments/cod/place-order', { token: shopper.token, body: body([{ productId: potion!.id, size: '30ml', quantity: 2 }]) });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      const order = response.body.order as Order;

      clock = new Date(clock.getTime() + 25 * HOUR);
      await withWorkers.app.services.jobs.send(COD_EXPIRY_QUEUE, {});
      const deadline = Date.now() + 20_000;
      let status = order.status;
      while (status !== 'cancelled' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        status = ((await call(withWorkers, 'GET', `/api/orders/${order.orderNumber}`, { token: shopper.token })).body.order as Order).status;
      }
      expect(status).toBe('cancelled');
      const [after] = await withWorkers.database.db.select().from(products).where(eq(products.id, potion!.id));
      expect(after!.inventory).toBe(5);
    } finally {
      await withWorkers.close();
    }
  });
});

describe('/metrics', () => {
  it("counts a COD checkout by its order's outcome (cod_pending, cod_collected, cod_not_collected), never as awaiting payment", async () => {
    const fresh = await startTestShop({ clock: () => now });
    try {
      const freshAdmin = await signInAdmin(fresh);
      const shopper = await registerCustomer(fresh);
      await fresh.database.db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, shopper.user.id));
      await fresh.database.db.update(products).set({ inventory: 50 });
      const place = async () => {
        const response = await call(fresh, 'POST', '/api/payments/cod/place-order', { token: shopper.token, body: body(one()) });
        expect(response.status, JSON.stringify(response.body)).toBe(201);
        return response.body.order as Order;
      };
      const admin = (path: string, payload: unknown) => call(fresh, path.endsWith('/status') ? 'PUT' : 'POST', path, { token: freshAdmin, body: payload });
      await place();
      const collected = await place();
      expect((await call(fresh, 'POST', `/api/orders/${collected.id}/confirm-cod`, { token: shopper.token, body: {} })).status).toBe(200);
      expect((await admin(`/api/admin/orders/${collected.orderNumber}/cod-collected`, {})).status).toBe(200);
      const cancelled = await place();
      expect((await admin(`/api/admin/orders/${cancelled.orderNumber}/status`, { status: 'cancelled' })).status).toBe(200);
      await placeOrder(fresh, shopper.token, one());

      const scraped = await fresh.app.inject({ method: 'GET', url: '/metrics' });
      expect(scraped.statusCode).toBe(200);
      const payments = scraped.body.split('\n').filter((line) => line.startsWith('shop_payments{')).sort();
      expect(payments).toEqual(['shop_payments{outcome="cod_collected"} 1', 'shop_payments{outcome="cod_not_collected"} 1', 'shop_payments{outcome="cod_pending"} 1', 'shop_payments{outcome="paid"} 1']);
    } finally {
      await fresh.close();
    }
  });
});
