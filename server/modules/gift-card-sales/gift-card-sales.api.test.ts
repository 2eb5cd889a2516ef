import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/orders.ts';
import type { OrderGiftCard } from '../../../contracts/gift-card-sales.ts';
import type { Product } from '../../../contracts/products.ts';
import { shopDate } from '../../../domain/orders.ts';
import { balanceAccounts, checkouts, emailMessages, giftCardSales, products } from '../../db/schema/index.ts';
import { call, registerCustomer } from '../../../tests/support/accounts.ts';
import { createPaymentOrder, placeOrder, sandboxPay, verifyPayment, type Line } from '../../../tests/support/checkout.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

/** Gift cards on sale: bought beside potions, outside the bill, issued when paid and e-mailed on the day chosen, once. */
let shop: TestShop;
let valor: Product;
let price: number;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  shop = await startTestShop({ env: { GIFT_CARD_CODE_RATE_LIMIT: '40', PAYMENT_ORDER_RATE_LIMIT: '100' } });
  valor = (await shop.app.inject({ method: 'GET', url: '/api/products/valor' })).json().product;
  price = valor.sizes.find((size) => size.size === '50ml')!.price;
  await shop.database.db.update(products).set({ inventory: 500 }).where(eq(products.id, valor.id));
});
afterAll(async () => {
  await shop?.close();
});

const basket: Line[] = [{ productId: 0, size: '50ml', quantity: 1 }];
const potion = () => basket.map((line) => ({ ...line, productId: valor.id }));
const card = (extra: Record<string, unknown> = {}) => ({ amount: 2000, recipientName: 'Meera', recipientEmail: 'meera@deosil.test', message: 'Happy Diwali!\nLight a candle for me.', deliverOn: shopDate(new Date(Date.now() + 3 * DAY)), ...extra });

async function giftCardsOf(token: string, orderId: string): Promise<OrderGiftCard[]> {
  const answer = await call(shop, 'GET', `/api/orders/${orderId}/gift-cards`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.giftCards as OrderGiftCard[];
}

describe('buying a gift card with a potion', () => {
  it('collects the card on top of the bill, which keeps only the goods; issues the card when paid and queues its e-mail for the day chosen', async () => {
    const shopper = await registerCustomer(shop);
    const plain = await placeOrder(shop, shopper.token, potion());
    const created = await createPaymentOrder(shop, shopper.token, potion(), { giftCards: [card()] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.amount).toBe(price);
    expect(created.body.giftCards).toBe(2000);
    expect((created.body.razorpayOrder as { amount: number }).amount).toBe(Math.round(price * 100) + 2000_00);

    const confirmation = await sandboxPay(shop, shopper.token, (created.body.razorpayOrder as { id: string }).id);
    const verified = await verifyPayment(shop, shopper.token, confirmation);
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const order = verified.body.order as Order;
    expect(order.paymentStatus).toBe('paid');
    // The invoice is the potion's alone: a voucher's sale is not a supply, so no line, no HSN and no tax for it.
    expect(order.total).toBe(plain.total);
    expect(order.items.map((item) => [item.name, item.hsnCode, item.taxableValue, item.cgst, item.sgst, item.igst])).toEqual(
      plain.items.map((item) => [item.name, item.hsnCode, item.taxableValue, item.cgst, item.sgst, item.igst]),
    );
    expect(order.tax).toEqual(plain.tax);

    const [bought] = await giftCardsOf(shopper.token, order.orderNumber);
    expect(bought).toMatchObject({ amount: 2000, recipientName: 'Meera', recipientEmail: 'meera@deosil.test', delivery: 'scheduled', deliverOn: card().deliverOn });
    expect(bought!.lastFour).toMatch(/^[23456789A-HJ-NP-Z]{4}$/);

    const [sale] = await shop.database.db.select().from(giftCardSales).where(eq(giftCardSales.orderId, order.id));
    const [account] = await shop.database.db.select().from(balanceAccounts).where(eq(balanceAccounts.id, sale!.accountId!));
    expect(account).toMatchObject({ kind: 'gift-card', balancePaise: 2000_00, initialPaise: 2000_00, codeLastFour: bought!.lastFour, recipientEmail: 'meera@deosil.test' });

    const mails = await shop.database.db.select().from(emailMessages).where(eq(emailMessages.dedupeKey, `gift-card-delivery:${sale!.id}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: 'gift-card-delivery', toAddress: 'meera@deosil.test', status: 'queued' });
    // 09:00 shop time on the day chosen: 03:30 UTC.
    expect(mails[0]!.sendAfter.toISOString()).toBe(`${card().deliverOn}T03:30:00.000Z`);
    const data = mails[0]!.data as { code: string; amountPaise: number; message: string };
    expect(data).toMatchObject({ amountPaise: 2000_00, message: 'Happy Diwali!\nLight a candle for me.' });
    // The e-mailed code is the card's, and it pays.
    const checked = await call(shop, 'POST', '/api/gift-cards/check', { token: shopper.token, body: { code: data.code } });
    expect(checked.body.giftCard).toMatchObject({ id: account!.id, balance: 2000, lastFour: bought!.lastFour });
    // Only its hash is kept on the card.
    expect(JSON.stringify(account)).not.toContain(data.code.replace(/-/g, ''));

    // The same payment reported again (a webhook, a retry) issues nothing more.
    const again = await verifyPayment(shop, shopper.token, confirmation);
    expect(again.status).toBe(200);
    expect(await shop.database.db.select().from(balanceAccounts).where(eq(balanceAccounts.recipientEmail, 'meera@deosil.test'))).toHaveLength(1);
    expect(await shop.database.db.select().from(emailMessages).where(eq(emailMessages.dedupeKey, `gift-card-delivery:${sale!.id}`))).toHaveLength(1);
  });

  it('sends a card chosen for today at once', async () => {
    const shopper = await registerCustomer(shop);
    const before = Date.now();
    const order = await placeOrder(shop, shopper.token, potion(), { giftCards: [card({ amount: 500, recipientEmail: 'today@deosil.test', deliverOn: shopDate(new Date()) })] });
    const [sale] = await shop.database.db.select().from(giftCardSales).where(eq(giftCardSales.orderId, order.id));
    const [mail] = await shop.database.db.select().from(emailMessages).where(eq(emailMessages.dedupeKey, `gift-card-delivery:${sale!.id}`));
    expect(mail!.sendAfter.getTime()).toBeLessThanOrEqual(Math.max(Date.now(), Date.parse(`${shopDate(new Date())}T03:30:00.000Z`)));
    expect(mail!.sendAfter.getTime()).toBeGreaterThanOrEqual(Math.min(before, Date.parse(`${shopDate(new Date())}T03:30:00.000Z`)) - 1000);
  });

  it('issues nothing before the payment: the card waits for it', async () => {
    const shopper = await registerCustomer(shop);
    const created = await createPaymentOrder(shop, shopper.token, potion(), { giftCards: [card({ recipientEmail: 'unpaid@deosil.test' })] });
    expect(created.status).toBe(200);
    const [checkout] = await shop.database.db.select().from(checkouts).where(eq(checkouts.providerOrderId, (created.body.razorpayOrder as { id: string }).id));
    expect(checkout!.vouchersPaise).toBe(2000_00);
    const [sale] = await shop.database.db.select().from(giftCardSales).where(eq(giftCardSales.checkoutId, checkout!.id));
    expect(sale).toMatchObject({ accountId: null, emailId: null, recipientEmail: 'unpaid@deosil.test' });
    expect(await shop.database.db.select().from(balanceAccounts).where(eq(balanceAccounts.recipientEmail, 'unpaid@deosil.test'))).toHaveLength(0);
  });

  it('shows the cards only to whoever may see the order', async () => {
    const buyer = await registerCustomer(shop);
    const order = await placeOrder(shop, buyer.token, potion(), { giftCards: [card({ recipientEmail: 'private@deosil.test' })] });
    const stranger = await registerCustomer(shop);
    const answer = await call(shop, 'GET', `/api/orders/${order.id}/gift-cards`, { token: stranger.token });
    expect(answer.status).toBe(404);
  });
});

describe('bad gift cards', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['an amount under ₹500', { amount: 499 }, 'giftCards.0.amount'],
    ['an amount over ₹10,000', { amount: 10_001 }, 'giftCards.0.amount'],
    ['part of a rupee', { amount: 750.5 }, 'giftCards.0.amount'],
    ['a day already past', { deliverOn: shopDate(new Date(Date.now() - 2 * DAY)) }, 'giftCards.0.deliverOn'],
    ['a day that is no day', { deliverOn: '2026-02-30' }, 'giftCards.0.deliverOn'],
    ['a day more than a year away', { deliverOn: shopDate(new Date(Date.now() + 400 * DAY)) }, 'giftCards.0.deliverOn'],
    ['a bad e-mail', { recipientEmail: 'meera@' }, 'giftCards.0.recipientEmail'],
    ['a message over 250 characters', { message: 'ॐ'.repeat(251) }, 'giftCards.0.message'],
    ['a message with a control character', { message: 'Happy\u0007 Diwali' }, 'giftCards.0.message'],
    ['no recipient', { recipientName: '  ' }, 'giftCards.0.recipientName'],
  ];
  it.each(cases)('refuses %s (400 naming the field) and writes nothing', async (_what, change, field) => {
    const shopper = await registerCustomer(shop);
    const before = (await shop.database.db.select().from(giftCardSales)).length;
    const checkoutsBefore = (await shop.database.db.select().from(checkouts)).length;
    const answer = await createPaymentOrder(shop, shopper.token, potion(), { giftCards: [card(change)] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect((answer.body.errors as { field: string }[]).map((error) => error.field)).toContain(field);
    expect((await shop.database.db.select().from(giftCardSales)).length).toBe(before);
    expect((await shop.database.db.select().from(checkouts)).length).toBe(checkoutsBefore);
  });

  it('refuses a gift card on cash on delivery, naming it', async () => {
    const shopper = await registerCustomer(shop);
    const answer = await call(shop, 'POST', '/api/payments/cod/place-order', { token: shopper.token, body: { items: potion(), customerInfo: { name: 'Mira Night', email: shopper.user.email, phone: '+91 98765 43210' }, shippingAddress: { street: '12 Moonlit Lane', city: 'Pune', state: 'Maharashtra', zipCode: '411001', country: 'India' }, giftCards: [card()] } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.errors).toEqual([{ field: 'giftCards', message: 'A gift card is paid for online, not cash on delivery' }]);
  });
});
