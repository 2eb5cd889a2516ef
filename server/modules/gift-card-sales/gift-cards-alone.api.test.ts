import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/orders.ts';
import type { OrderGiftCard } from '../../../contracts/gift-card-sales.ts';
import type { Product } from '../../../contracts/products.ts';
import { shopDate } from '../../../domain/orders.ts';
import { balanceAccounts, checkouts, emailMessages, giftCardSales, orders } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { sandboxPay, SHIPPING, verifyPayment } from '../../../tests/support/checkout.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

/**
 * Gift cards bought alone (decision 0083): no potion, no address, a bill of nothing; Razorpay collects the cards,
 * which are issued once when paid and e-mailed on their day; nothing is shipped or invoiced.
 */
let shop: TestShop;
let valor: Product;
const DAY = 24 * 3600 * 1000;
const BUYER = { name: 'Mira Night', email: 'mira@deosil.test', phone: '+91 98765 43210' };

beforeAll(async () => {
  shop = await startTestShop({ env: { PAYMENT_ORDER_RATE_LIMIT: '100' } });
  valor = (await shop.app.inject({ method: 'GET', url: '/api/products/valor' })).json().product;
});
afterAll(async () => {
  await shop?.close();
});

const card = (extra: Record<string, unknown> = {}) => ({
  amount: 2000,
  recipientName: 'Meera',
  recipientEmail: 'meera.alone@deosil.test',
  message: 'Happy Diwali!',
  deliverOn: shopDate(new Date(Date.now() + 3 * DAY)),
  ...extra,
});
/** The checkout's body for cards alone: the buyer's name, e-mail and phone, and the cards; nothing else. */
const cardsAlone = (cards: Record<string, unknown>[], extra: Record<string, unknown> = {}) => ({ items: [], customerInfo: BUYER, giftCards: cards, ...extra });

function openCardsAlone(token: string, body: Record<string, unknown>) {
  return call(shop, 'POST', '/api/payments/razorpay/create-payment-order', { token, body });
}

async function buyCardsAlone(token: string, cards: Record<string, unknown>[]) {
  const created = await openCardsAlone(token, cardsAlone(cards));
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const confirmation = await sandboxPay(shop, token, (created.body.razorpayOrder as { id: string }).id);
  const verified = await verifyPayment(shop, token, confirmation);
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return { created, confirmation, order: verified.body.order as Order };
}

describe('a gift card bought on its own', () => {
  it('quotes a basket of nothing at ₹0, with no offer adding a potion to it', async () => {
    const quote = await call(shop, 'POST', '/api/cart/quote', { body: { items: [] } });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body).toMatchObject({ lines: [], gifts: [], total: 0 });
  });

  it('is paid through the provider for the cards alone and becomes an order with no goods, no address, no invoice and no parcel', async () => {
    const shopper = await registerCustomer(shop);
    const { created, confirmation, order } = await buyCardsAlone(shopper.token, [card(), card({ amount: 500, recipientName: 'Kabir', recipientEmail: 'kabir.alone@deosil.test' })]);
    // The bill is of nothing; Razorpay collects the cards, which are no part of it.
    expect(created.body).toMatchObject({ amount: 0, giftCards: 2500, provider: 'sandbox' });
    expect((created.body.razorpayOrder as { amount: number }).amount).toBe(2500_00);

    expect(order).toMatchObject({ paymentStatus: 'paid', status: 'pending', items: [], subtotal: 0, total: 0, giftCardsBought: 2500, shippingAddress: null, invoiceNumber: null, tax: null });
    expect(order.customerName).toBe(BUYER.name);
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ subtotalPaise: 0, totalPaise: 0, vouchersPaise: 2500_00, holdsStock: false, shippingAddress: null, estimatedDelivery: null, invoiceNumber: null });

    // Each card is issued and its recipient's e-mail queued for 09:00 shop time on the day chosen.
    const bought = (await call(shop, 'GET', `/api/orders/${order.id}/gift-cards`, { token: shopper.token })).body.giftCards as OrderGiftCard[];
    expect(bought.map((entry) => [entry.amount, entry.recipientName, entry.delivery])).toEqual([
      [2000, 'Meera', 'scheduled'],
      [500, 'Kabir', 'scheduled'],
    ]);
    for (const entry of bought) expect(entry.lastFour).toMatch(/^[23456789A-HJ-NP-Z]{4}$/);
    const sales = await shop.database.db.select().from(giftCardSales).where(eq(giftCardSales.orderId, order.id));
    const delivery = await shop.database.db
      .select()
      .from(emailMessages)
      .where(eq(emailMessages.dedupeKey, `gift-card-delivery:${sales[0]!.id}`));
    expect(delivery).toHaveLength(1);
    expect(delivery[0]!.sendAfter.toISOString()).toBe(`${card().deliverOn}T03:30:00.000Z`);

    // The buyer's confirmation names the cards by their last four, with no invoice attached: nothing was supplied.
    const [confirmationMail] = await shop.database.db
      .select()
      .from(emailMessages)
      .where(eq(emailMessages.dedupeKey, `order-confirmation:${order.id}`));
    expect(confirmationMail).toMatchObject({ template: 'order-confirmation', toAddress: BUYER.email, attachments: [] });
    expect((confirmationMail!.data as { giftCards: unknown[] }).giftCards).toEqual([
      { amountPaise: 2000_00, recipientName: 'Meera', deliverOn: card().deliverOn, lastFour: bought[0]!.lastFour },
      { amountPaise: 500_00, recipientName: 'Kabir', deliverOn: card().deliverOn, lastFour: bought[1]!.lastFour },
    ]);
    const invoice = await call(shop, 'GET', `/api/orders/${order.id}/invoice.pdf`, { token: shopper.token });
    expect(invoice.status).toBe(404);

    // The same payment reported again issues no card twice and queues no e-mail twice.
    const again = await verifyPayment(shop, shopper.token, confirmation);
    expect(again.status).toBe(200);
    expect((again.body.order as Order).id).toBe(order.id);
    expect(await shop.database.db.select().from(balanceAccounts).where(eq(balanceAccounts.recipientEmail, 'meera.alone@deosil.test'))).toHaveLength(1);
    expect(
      await shop.database.db
        .select()
        .from(emailMessages)
        .where(eq(emailMessages.dedupeKey, `gift-card-delivery:${sales[0]!.id}`)),
    ).toHaveLength(1);

    // Nothing to pack: the dispatch desk's queue does not list it, and its status cannot be moved.
    const admin = await signInAdmin(shop);
    const ready = await call(shop, 'GET', '/api/admin/shipments?queue=ready', { token: admin });
    expect(ready.status).toBe(200);
    expect((ready.body.orders as { orderNumber: string }[]).map((entry) => entry.orderNumber)).not.toContain(order.orderNumber);
    const shipped = await call(shop, 'PUT', `/api/admin/orders/${order.id}/status`, { token: admin, body: { status: 'shipped' } });
    expect(shipped.status).toBe(409);
    expect(shipped.body.message).toMatch(/holds only gift cards/);
    const staffView = await call(shop, 'GET', `/api/admin/orders/${order.id}`, { token: admin });
    expect(staffView.body.order).toMatchObject({ giftCardsBought: 2500, shippingAddress: null, items: [] });
  });

  it('refuses the customer’s own cancellation, saying the cards stay valid, and changes nothing', async () => {
    const shopper = await registerCustomer(shop);
    const { order } = await buyCardsAlone(shopper.token, [card({ recipientEmail: 'kept.alone@deosil.test' })]);
    const cancelled = await call(shop, 'POST', `/api/orders/${order.id}/cancel`, { token: shopper.token, body: {} });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(409);
    expect(cancelled.body.message).toBe(
      `Order ${order.orderNumber} holds only gift cards, which are not cancelled once bought: each stays valid to spend until it expires; write to us to have a card not yet spent refunded`,
    );
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'pending', paymentStatus: 'paid', refundedPaise: 0 });
    const [account] = await shop.database.db.select().from(balanceAccounts).where(eq(balanceAccounts.recipientEmail, 'kept.alone@deosil.test'));
    expect(account).toMatchObject({ balancePaise: 2000_00, status: 'active' });
  });
});

describe('bad checkouts of gift cards alone', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['nothing at all', { items: [], customerInfo: BUYER }, 'items'],
    ['an amount under ₹500', cardsAlone([card({ amount: 499 })]), 'giftCards.0.amount'],
    ['an amount over ₹10,000', cardsAlone([card({ amount: 10_001 })]), 'giftCards.0.amount'],
    ['a day already past', cardsAlone([card({ deliverOn: shopDate(new Date(Date.now() - 2 * DAY)) })]), 'giftCards.0.deliverOn'],
    ['no buyer e-mail', cardsAlone([card()], { customerInfo: { ...BUYER, email: '' } }), 'customerInfo.email'],
    ['another gift card paying for it', cardsAlone([card()], { giftCardCodes: ['MAGE-SPEL-CARD-2345'] }), 'giftCardCodes'],
    ['store credit paying for it', cardsAlone([card()], { useStoreCredit: true }), 'useStoreCredit'],
    ['gift wrap', cardsAlone([card()], { gift: { wrap: true } }), 'gift'],
    ['a coupon', cardsAlone([card()], { couponCode: 'DIWALI10' }), 'couponCode'],
    ['a business invoice', cardsAlone([card()], { business: { gstin: '29ABCDE1234F1Z5', legalName: 'Moonlit Pvt Ltd' } }), 'business'],
    ['a shipping address', cardsAlone([card()], { shippingAddress: SHIPPING.shippingAddress }), 'shippingAddress'],
  ];
  it.each(cases)('refuses %s (400 naming the field) and writes nothing', async (_what, body, field) => {
    const shopper = await registerCustomer(shop);
    const checkoutsBefore = (await shop.database.db.select().from(checkouts)).length;
    const salesBefore = (await shop.database.db.select().from(giftCardSales)).length;
    const answer = await openCardsAlone(shopper.token, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect((answer.body.errors as { field: string }[]).map((error) => error.field)).toContain(field);
    expect((await shop.database.db.select().from(checkouts)).length).toBe(checkoutsBefore);
    expect((await shop.database.db.select().from(giftCardSales)).length).toBe(salesBefore);
  });

  it('still asks potions for their address', async () => {
    const shopper = await registerCustomer(shop);
    const answer = await openCardsAlone(shopper.token, { items: [{ productId: valor.id, size: '50ml', quantity: 1 }], customerInfo: BUYER });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toContainEqual({ field: 'shippingAddress', message: 'A shipping address is required for potions' });
  });

  it('refuses cards alone on cash on delivery, naming them', async () => {
    const shopper = await registerCustomer(shop);
    const answer = await call(shop, 'POST', '/api/payments/cod/place-order', { token: shopper.token, body: cardsAlone([card()]) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.errors).toEqual([{ field: 'giftCards', message: 'A gift card is paid for online, not cash on delivery' }]);
  });
});
