import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/orders.ts';
import type { OrderReturn } from '../../../contracts/returns.ts';
import { formatPaise } from '../../../domain/money.ts';
import { balanceAccounts, balanceEntries, balanceTenders, emailMessages, notifications, offlineRefunds, orders, products, users } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { SHIPPING } from '../../../tests/support/checkout.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { renderEmail } from '../mail/render-email.ts';
import { issueGiftCard } from '../../../tests/support/gift-cards.ts';

/**
 * A cash-on-delivery order that gift cards and store credit paid part of, refunded after its cash was collected
 * (docs/decisions/0087): the transfer is the cash part only, the balances get their part back when it is recorded
 * (last used first), a part that is all the balances' goes back at once, and nothing is promised or given twice.
 */
// Monday 23 November 2026, 10:00 in India.
const now = new Date('2026-11-23T10:00:00+05:30');
const HOUR = 60 * 60 * 1000;
let shop: TestShop;
let admin: string;
let poppy: { id: number; price30: number };
let utr = 812345678900;

type Customer = Awaited<ReturnType<typeof registerCustomer>>;

const paise = (rupees: number) => Math.round(rupees * 100);
const adminCall = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => call(shop, method, path, { token: admin, ...(body === undefined ? {} : { body }) });
const orderOf = async (order: Order) => (await adminCall('GET', `/api/admin/orders/${order.orderNumber}`)).body.order as Order;
const record = (refundId: number) => adminCall('POST', `/api/admin/offline-refunds/${refundId}/paid`, { method: 'upi', reference: String((utr += 1)), paidOn: shopToday() });
const balanceOf = async (accountId: number) => (await shop.database.db.select().from(balanceAccounts).where(eq(balanceAccounts.id, accountId)))[0]!.balancePaise;
const refundsOnto = async (accountId: number) =>
  await shop.database.db
    .select()
    .from(balanceEntries)
    .where(and(eq(balanceEntries.accountId, accountId), eq(balanceEntries.reason, 'refund')));
const tendersOf = (order: Order) => shop.database.db.select().from(balanceTenders).where(eq(balanceTenders.orderId, order.id));
const openTransfers = (order: Order) =>
  shop.database.db
    .select()
    .from(offlineRefunds)
    .where(and(eq(offlineRefunds.orderId, order.id), ne(offlineRefunds.status, 'withdrawn')));
const refundedPaiseOf = async (order: Order) => (await shop.database.db.select({ refundedPaise: orders.refundedPaise }).from(orders).where(eq(orders.id, order.id)))[0]!.refundedPaise;
const mailsOf = async (order: Order, template: string) =>
  (await shop.database.db.select().from(emailMessages).where(eq(emailMessages.template, template))).filter(
    (mail) => (mail.data as { orderNumber?: string }).orderNumber === order.orderNumber,
  );
const rendered = async (mail: { template: string; data: unknown }) => renderEmail(mail.template, mail.data as never, { shopUrl: 'https://shop.deosil.test' });
const noticesAbout = async (order: Order, title: string) =>
  (await shop.database.db.select().from(notifications).where(eq(notifications.title, title))).filter((notice) => notice.message.includes(order.orderNumber));
const creditNotesPaise = (order: Order) => order.creditNotes.reduce((sum, note) => sum + paise(note.amount), 0);

function shopToday(): string {
  return new Date(now.getTime() + 5.5 * HOUR).toISOString().slice(0, 10);
}

async function verifiedCustomer(): Promise<Customer> {
  const customer = await registerCustomer(shop);
  await shop.database.db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, customer.user.id));
  return customer;
}

const giftCard = (amountRupees: number) => issueGiftCard(shop, admin, amountRupees);

async function storeCredit(customer: Customer, amountRupees: number): Promise<number> {
  const granted = await adminCall('POST', '/api/admin/store-credit', { email: customer.user.email, amount: amountRupees, reason: 'Parcel arrived late' });
  expect(granted.status, JSON.stringify(granted.body)).toBe(200);
  const [account] = await shop.database.db
    .select()
    .from(balanceAccounts)
    .where(and(eq(balanceAccounts.kind, 'store-credit'), eq(balanceAccounts.userId, customer.user.id)));
  return account!.id;
}

/** A COD order of `quantity` × Dark Poppy 30 ml, partly paid by the balances offered, confirmed and its cash collected. */
async function deliveredCodOrder(customer: Customer, quantity: number, balances: Record<string, unknown>): Promise<Order> {
  const placed = await call(shop, 'POST', '/api/payments/cod/place-order', {
    token: customer.token,
    body: { items: [{ productId: poppy.id, size: '30ml', quantity }], ...SHIPPING, ...balances },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const order = placed.body.order as Order;
  expect((await call(shop, 'POST', `/api/orders/${order.id}/confirm-cod`, { token: customer.token, body: {} })).status).toBe(200);
  const collected = await adminCall('POST', `/api/admin/orders/${order.orderNumber}/cod-collected`, {});
  expect(collected.status, JSON.stringify(collected.body)).toBe(200);
  expect(collected.body.order).toMatchObject({ paymentStatus: 'paid', status: 'delivered' });
  return collected.body.order as Order;
}

/** A return of `quantity` Dark Poppies asked for, approved and received: the answer to receiving it. */
async function returned(customer: Customer, order: Order, quantity: number): Promise<OrderReturn> {
  const line = order.items.find((item) => item.productId === poppy.id)!;
  const asked = await call(shop, 'POST', `/api/orders/${order.orderNumber}/returns`, {
    token: customer.token,
    body: { lines: [{ orderItemId: line.id, quantity }], reason: 'damaged-or-leaking', note: 'The cap cracked' },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  const id = (asked.body.return as OrderReturn).id;
  expect((await adminCall('PUT', `/api/admin/returns/${id}`, { action: 'approve' })).status).toBe(200);
  const received = await adminCall('PUT', `/api/admin/returns/${id}`, { action: 'receive', restock: true });
  expect(received.status, JSON.stringify(received.body)).toBe(200);
  return received.body.return as OrderReturn;
}

beforeAll(async () => {
  shop = await startTestShop({ clock: () => now, env: { COD_MAX_ORDER: '20000', GIFT_CARD_CODE_RATE_LIMIT: '100' } });
  admin = await signInAdmin(shop);
  const product = (await shop.app.inject({ method: 'GET', url: '/api/products/dark-poppy' })).json().product as { id: number; sizes: { size: string; price: number }[] };
  poppy = { id: product.id, price30: product.sizes.find((size) => size.size === '30ml')!.price };
  await shop.database.db.update(products).set({ inventory: 200 }).where(eq(products.id, poppy.id));
});
afterAll(async () => {
  await shop?.close();
});

describe('a collected COD order that balances paid part of, cancelled', () => {
  it('opens a transfer of the cash only; recording it puts the gift card and store credit back, once, with one credit note for the whole refund', async () => {
    const customer = await verifiedCustomer();
    const { code, giftCard: card } = await giftCard(500);
    const credit = await storeCredit(customer, 300);
    const order = await deliveredCodOrder(customer, 1, { giftCardCodes: [code], useStoreCredit: true });
    const total = paise(order.total);
    const cash = total - 800_00;
    expect(paise(order.cashOnDelivery!.toCollect)).toBe(cash);

    const cancelled = await adminCall('PUT', `/api/admin/orders/${order.orderNumber}/status`, { status: 'cancelled' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    // The panel's API: the transfer is the cash part, and what goes back onto the balances is shown apart.
    expect((cancelled.body.order as Order).offlineRefunds).toEqual([expect.objectContaining({ returnId: null, status: 'awaiting', amount: cash / 100, toBalances: 800 })]);
    // Nothing moves until the transfer is recorded: the balances stay spent, the order refunds nothing yet.
    expect([await balanceOf(card.id), await balanceOf(credit)]).toEqual([0, 0]);
    expect(await refundedPaiseOf(order)).toBe(0);

    // The customer is promised a transfer of the cash only; the admins are asked to send the cash only.
    const [cancelMail] = await mailsOf(order, 'order-cancelled');
    const cancelText = (await rendered(cancelMail!)).text;
    expect(cancelText).toContain(`we will transfer your refund of ${formatPaise(cash)} to your UPI ID`);
    expect(cancelText).toContain('The other ₹800.00, which gift cards and store credit paid, goes back onto them when we send it');
    expect(cancelText).not.toContain(`transfer your refund of ${formatPaise(total)}`);
    const [toTransfer] = await noticesAbout(order, 'Refund to Transfer');
    expect(toTransfer!.message).toContain(`owes ${order.customerName} ${formatPaise(cash)}`);
    expect(toTransfer!.message).toContain('the other ₹800.00 back onto the gift cards and store credit');

    const refundId = (await orderOf(order)).offlineRefunds[0]!.id;
    const paid = await record(refundId);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.message).toContain(`Recorded the refund of ${formatPaise(cash)}`);
    expect(paid.body.message).toContain('put ₹800.00 back onto its gift cards and store credit');
    const after = paid.body.order as Order;
    expect(after).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundedAmount: order.total });
    expect(after.offlineRefunds).toEqual([expect.objectContaining({ status: 'paid', amount: cash / 100, toBalances: 800 })]);
    // One refund event: one credit note for the whole bill, whatever paid it.
    expect(after.creditNotes).toHaveLength(1);
    expect(creditNotesPaise(after)).toBe(total);
    expect([await balanceOf(card.id), await balanceOf(credit)]).toEqual([500_00, 300_00]);
    for (const [account, amountPaise] of [
      [card.id, 500_00],
      [credit, 300_00],
    ] as const) {
      expect(await refundsOnto(account)).toEqual([expect.objectContaining({ orderId: order.id, amountPaise })]);
    }
    expect((await tendersOf(order)).map((tender) => tender.refundedPaise - tender.amountPaise)).toEqual([0, 0]);

    const [refundMail] = await mailsOf(order, 'refund-issued');
    const refundText = (await rendered(refundMail!)).text;
    expect(refundText).toContain(`we have sent your refund of ${formatPaise(cash)}`);
    expect(refundText).toContain('₹800.00 is back on the gift cards and store credit you paid with');
    const [sent] = (
      await shop.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, customer.user.id), eq(notifications.title, 'Refund Sent')))
    ).map((row) => row.message);
    expect(sent).toContain(`refund of ${formatPaise(cash)}`);
    expect(sent).toContain('₹800.00 is back on the gift cards and store credit');

    // Recorded again (another UTR): refused, and no balance moves twice.
    expect((await record(refundId)).status).toBe(409);
    expect([await balanceOf(card.id), await balanceOf(credit)]).toEqual([500_00, 300_00]);
    expect(await refundsOnto(card.id)).toHaveLength(1);
    expect(await refundedPaiseOf(order)).toBe(total);
  });

  it('two admins recording the transfer at once: one records it, the other hears 409, and the card gets its part back once', async () => {
    const customer = await verifiedCustomer();
    const { code, giftCard: card } = await giftCard(600);
    const order = await deliveredCodOrder(customer, 1, { giftCardCodes: [code] });
    await adminCall('PUT', `/api/admin/orders/${order.orderNumber}/status`, { status: 'cancelled' });
    const refundId = (await orderOf(order)).offlineRefunds[0]!.id;
    const answers = await Promise.all([record(refundId), record(refundId)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await balanceOf(card.id)).toBe(600_00);
    expect(await refundsOnto(card.id)).toEqual([expect.objectContaining({ orderId: order.id, amountPaise: 600_00 })]);
    const after = await orderOf(order);
    expect(after).toMatchObject({ paymentStatus: 'refunded', refundedAmount: order.total });
    expect(creditNotesPaise(after)).toBe(paise(order.total));
  });
});

describe('returns and then a cancellation of a COD order that balances paid part of', () => {
  it('two returns waiting together share the cash between them; the cancellation takes them in as one transfer of the cash and the balances the rest', async () => {
    const customer = await verifiedCustomer();
    // The card pays a little more than one potion, so the cash covers one potion and most of a second.
    const cardRupees = Math.ceil((poppy.price30 + 500) / 100) * 100;
    const { code, giftCard: card } = await giftCard(cardRupees);
    const order = await deliveredCodOrder(customer, 3, { giftCardCodes: [code] });
    const total = paise(order.total);
    const cash = total - cardRupees * 100;

    const first = await returned(customer, order, 1);
    const firstShare = paise(first.refundAmount);
    expect(firstShare).toBeLessThan(cash);
    expect(first.offlineRefund).toMatchObject({ status: 'awaiting', amount: firstShare / 100, toBalances: 0 });
    const second = await returned(customer, order, 1);
    const secondShare = paise(second.refundAmount);
    // The first return's transfer is spoken for: the second takes only the cash left, the card the rest.
    expect(second.offlineRefund).toMatchObject({ status: 'awaiting', amount: (cash - firstShare) / 100, toBalances: (firstShare + secondShare - cash) / 100 });
    const [update] = (await mailsOf(order, 'return-update')).filter(
      (mail) => (mail.data as { message: string }).message.includes(`return for order`) && (mail.data as { message: string }).message.includes(formatPaise(cash - firstShare)),
    );
    expect((update!.data as { message: string }).message).toContain(
      `and put ${formatPaise(firstShare + secondShare - cash)} back on the gift cards and store credit you paid with when we send it`,
    );
    expect(await balanceOf(card.id)).toBe(0);

    // Cancelled: the returns' transfers are withdrawn into one for everything owed, split the same way.
    const cancelled = await adminCall('PUT', `/api/admin/orders/${order.orderNumber}/status`, { status: 'cancelled' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const open = await openTransfers(order);
    expect(open).toEqual([expect.objectContaining({ returnId: null, status: 'awaiting', amountPaise: cash, balancesPaise: cardRupees * 100 })]);
    expect((await record(open[0]!.id)).status).toBe(200);
    expect(await balanceOf(card.id)).toBe(cardRupees * 100);
    const after = await orderOf(order);
    expect(after).toMatchObject({ paymentStatus: 'refunded', refundedAmount: order.total });
    expect(creditNotesPaise(after)).toBe(total);
    const [tender] = await tendersOf(order);
    expect(tender).toMatchObject({ amountPaise: cardRupees * 100, refundedPaise: cardRupees * 100 });
  });

  it('a partial return, then a full return, then the cancellation: the cash goes by transfer once, the rest onto the balances (last used first), at once when no cash is left, and it all adds up', async () => {
    const customer = await verifiedCustomer();
    // The balances pay all but about half a potion: the first return's share is more than the cash collected.
    const cardRupees = Math.floor((2.5 * poppy.price30 - 300) / 100) * 100;
    const { code, giftCard: card } = await giftCard(cardRupees);
    const credit = await storeCredit(customer, 300);
    const order = await deliveredCodOrder(customer, 3, { giftCardCodes: [code], useStoreCredit: true });
    const total = paise(order.total);
    const balances = cardRupees * 100 + 300_00;
    const cash = total - balances;
    expect(paise(order.paidWithBalances)).toBe(balances);

    // One potion back: the transfer is all the cash; the rest waits for it, and nothing moves yet.
    const first = await returned(customer, order, 1);
    const firstShare = paise(first.refundAmount);
    expect(firstShare).toBeGreaterThan(cash);
    expect(first).toMatchObject({ statusName: 'Received — refund to be transferred', offlineRefund: { status: 'awaiting', amount: cash / 100, toBalances: (firstShare - cash) / 100 } });
    expect([await balanceOf(card.id), await balanceOf(credit)]).toEqual([0, 0]);

    // The other two back while that transfer waits: no cash is left to transfer, so the balances get it now.
    const second = await returned(customer, order, 2);
    const secondShare = paise(second.refundAmount);
    expect(second).toMatchObject({ status: 'received', offlineRefund: null, refundId: `balances-return-${second.id}`, refundedAt: expect.any(String) });
    // Last used first: the store credit, then the card.
    expect(await balanceOf(credit)).toBe(300_00);
    expect(await balanceOf(card.id)).toBe(secondShare - 300_00);
    const [update] = (await mailsOf(order, 'return-update')).filter((mail) => (mail.data as { message: string }).message.includes(`put ${formatPaise(secondShare)} back on the gift cards`));
    expect(update, 'the return e-mail says where the refund went').toBeTruthy();
    expect((update!.data as { message: string }).message).not.toContain('transfer');
    expect(await refundedPaiseOf(order)).toBe(secondShare);

    // The first return's transfer recorded: its balances part goes onto what is left to give back (the card).
    expect((await record(first.offlineRefund!.id)).status).toBe(200);
    expect(await balanceOf(card.id)).toBe(secondShare - 300_00 + firstShare - cash);
    expect(await refundedPaiseOf(order)).toBe(firstShare + secondShare);

    // Cancelled: what is still owed (the fee and shipping) is all the balances' now, so it goes back at once.
    const cancelled = await adminCall('PUT', `/api/admin/orders/${order.orderNumber}/status`, { status: 'cancelled' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const rest = total - firstShare - secondShare;
    expect(rest).toBeGreaterThan(0);
    expect(cancelled.body.order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundedAmount: order.total, refundId: `balances-${order.id}` });
    expect((await openTransfers(order)).map((row) => row.id)).toEqual([first.offlineRefund!.id]);
    expect([await balanceOf(card.id), await balanceOf(credit)]).toEqual([cardRupees * 100, 300_00]);
    expect((await tendersOf(order)).every((tender) => tender.refundedPaise === tender.amountPaise)).toBe(true);
    for (const entry of [...(await refundsOnto(card.id)), ...(await refundsOnto(credit))]) expect(entry.orderId).toBe(order.id);

    // The credit notes add up to the refund to the paisa: one per return, one for the cancellation.
    const after = await orderOf(order);
    expect(after.creditNotes).toHaveLength(3);
    expect(creditNotesPaise(after)).toBe(total);
    expect(after.statusHistory.at(-1)?.note).toBe(`Refunded ${formatPaise(rest)} back on the gift cards and store credit you paid with (balances-${order.id})`);

    // No transfer is promised for the cancellation: the e-mails say the balances have it.
    const [cancelMail] = await mailsOf(order, 'order-cancelled');
    const cancelText = (await rendered(cancelMail!)).text;
    expect(cancelText).toContain(`Its refund of ${formatPaise(rest)} goes back onto the gift cards and store credit you paid with`);
    expect(cancelText).not.toMatch(/transfer|UPI/);
    const refundMails = await mailsOf(order, 'refund-issued');
    const lastRefund = refundMails.find((mail) => mail.dedupeKey === `refund-issued:${order.id}:balances-${order.id}`);
    const lastText = (await rendered(lastRefund!)).text;
    expect(lastText).toContain(`we have put ${formatPaise(rest)} for order ${order.orderNumber} back on the gift cards and store credit you paid with`);
    expect(lastText).not.toMatch(/card you paid with|transfer/);
    expect(lastRefund!.attachments).toEqual([expect.objectContaining({ kind: 'credit-note' })]);
    expect(await noticesAbout(order, 'Refunded to Balances')).toHaveLength(1);
    expect((await noticesAbout(order, 'Refund to Transfer')).length).toBe(1);
  });
});
