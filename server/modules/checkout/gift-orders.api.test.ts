import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/orders.ts';
import { checkouts, emailMessages, orders, products, users } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { createPaymentOrder, placeOrder, SHIPPING, type Line } from '../../../tests/support/checkout.ts';
import { pdfText } from '../../../tests/support/pdf-text.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { renderEmail } from '../mail/render-email.ts';

/** "This is a gift": gift wrap as a charge of the bill (priced by GIFT_WRAP_PRICE), the recipient's name and a message. */
let shop: TestShop;
let customer: Awaited<ReturnType<typeof registerCustomer>>;
let admin: string;
let set: { id: number; pricePaise: number };

const GIFT = { wrap: true, recipientName: 'Ananya Rao', message: 'Happy Diwali, Ananya!\r\nMay every lamp be lit for you. — Meera' };

beforeAll(async () => {
  // Not the default ₹99, so the setting is what prices the wrap.
  shop = await startTestShop({ env: { GIFT_WRAP_PRICE: '149', CATALOGUE_CACHE_TTL_MS: '0' } });
  customer = await registerCustomer(shop);
  admin = await signInAdmin(shop);
  const [row] = await shop.database.db.select({ id: products.id, pricePaise: products.pricePaise }).from(products).where(eq(products.slug, 'discovery-set'));
  set = row!;
  await shop.database.db.update(products).set({ inventory: 50 });
});
afterAll(async () => {
  await shop?.close();
});

const discoverySet = (): Line[] => [{ productId: set.id, size: 'Set', quantity: 1 }];
const checkoutCount = async () => (await shop.database.db.select({ n: count() }).from(checkouts))[0]!.n;

describe('a gift order', () => {
  it('bills the wrap as a charge at GIFT_WRAP_PRICE, keeps the recipient and the message, and invoices the buyer', async () => {
    const quote = await call(shop, 'POST', '/api/cart/quote', { body: { items: discoverySet(), giftWrap: true } });
    expect(quote.body.charges).toEqual([{ kind: 'gift-wrap', label: 'Gift wrap', amount: 149 }]);
    expect(quote.body.total).toBe(set.pricePaise / 100 + 149);

    const order = await placeOrder(shop, customer.token, discoverySet(), { gift: GIFT });
    expect(order.total).toBe(set.pricePaise / 100 + 149);
    expect(order.charges).toEqual([{ kind: 'gift-wrap', label: 'Gift wrap', amount: 149 }]);
    // Line breaks are kept as one kind, for the card and the slip.
    expect(order.gift).toEqual({ wrap: true, recipientName: 'Ananya Rao', message: 'Happy Diwali, Ananya!\nMay every lamp be lit for you. — Meera' });

    // The back office's order view shows the gift.
    const seen = await call(shop, 'GET', `/api/admin/orders?search=${order.orderNumber}`, { token: admin });
    expect((seen.body.orders as Order[])[0]!.gift).toEqual(order.gift);

    // The invoice is the buyer's, the wrap taxed with the goods in the one total.
    const pdf = await shop.app.inject({ method: 'GET', url: `/api/orders/${order.orderNumber}/invoice.pdf`, headers: { authorization: `Bearer ${customer.token}` } });
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(order.customerName);
    expect(text).not.toContain('Ananya');
    expect(text).toContain('Gift wrap');
    expect(text.replace(/\s+/g, ' ')).toContain(`Total (₹) ${(set.pricePaise / 100 + 149).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);

    // The confirmation e-mail names the recipient and carries the message.
    const [mail] = await shop.database.db.select().from(emailMessages).where(eq(emailMessages.dedupeKey, `order-confirmation:${order.id}`));
    expect(mail!.data).toMatchObject({ gift: order.gift });
    const rendered = await renderEmail(mail!.template, mail!.data, { shopUrl: 'https://deosilperfumes.in', unsubscribeUrl: 'https://deosilperfumes.in/u' });
    expect(rendered.text).toContain('A gift for Ananya Rao');
    expect(rendered.text).toContain('May every lamp be lit for you.');
    expect(rendered.text).toMatch(/Gift wrap\s+₹149\.00/);
  });

  it('takes a message and a name without wrap, at no charge', async () => {
    const order = await placeOrder(shop, customer.token, discoverySet(), { gift: { wrap: false, recipientName: 'Kabir', message: 'For the new flat.' } });
    expect(order.charges).toEqual([]);
    expect(order.total).toBe(set.pricePaise / 100);
    expect(order.gift).toEqual({ wrap: false, recipientName: 'Kabir', message: 'For the new flat.' });
    const plain = await placeOrder(shop, customer.token, discoverySet(), { gift: { wrap: false, recipientName: '', message: '' } });
    expect(plain.gift).toBeNull();
  });

  it('adds the wrap beside the Cash on Delivery fee', async () => {
    await shop.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, customer.user.id));
    const [potion] = await shop.database.db.select({ id: products.id }).from(products).where(eq(products.slug, 'hush'));
    const placed = await call(shop, 'POST', '/api/payments/cod/place-order', { token: customer.token, body: { items: [{ productId: potion!.id, size: '15ml', quantity: 1 }], ...SHIPPING, gift: GIFT } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.order as Order;
    expect(order.charges.map((charge) => charge.kind).sort()).toEqual(['cod-fee', 'gift-wrap']);
    expect(order.total).toBe(order.subtotal + order.charges.reduce((sum, charge) => sum + charge.amount, 0));
    expect(order.gift?.recipientName).toBe('Ananya Rao');
  });

  it.each([
    ['a message over 250 characters', { message: 'x'.repeat(251) }, 'gift.message', /at most 250 characters/],
    ['a message with a control character', { message: 'Happy birthday\u0007' }, 'gift.message', /control characters/],
    ['a message hiding its words behind a direction override', { message: 'Love \u202Eevol' }, 'gift.message', /control characters/],
    ['a recipient name over 80 characters', { recipientName: 'A'.repeat(81) }, 'gift.recipientName', /at most 80 characters/],
    ['a wrap that is not true or false', { wrap: 'yes' }, 'gift.wrap', /true or false/],
  ])('refuses %s with 400 naming the field, and opens no checkout', async (_, change, field, message) => {
    const before = await checkoutCount();
    const [ordersBefore] = await shop.database.db.select({ n: count() }).from(orders);
    const refused = await createPaymentOrder(shop, customer.token, discoverySet(), { gift: { ...GIFT, ...change } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toContainEqual({ field, message: expect.stringMatching(message) });
    expect(await checkoutCount()).toBe(before);
    expect((await shop.database.db.select({ n: count() }).from(orders))[0]!.n).toBe(ordersBefore!.n);
  });

  it('e-mails the recipient a gift receipt without prices when the order ships, once, if the buyer asked for one', async () => {
    const buyer = await registerCustomer(shop);
    // The buyer does not want journey e-mails; the recipient's receipt is not theirs to turn off.
    await shop.database.db
      .update(users)
      .set({ preferences: { newsletter: false, smsNotifications: false, orderUpdates: false, favoriteScents: [], intensityPreference: '', budgetRange: '' } })
      .where(eq(users.id, buyer.user.id));
    const order = await placeOrder(shop, buyer.token, discoverySet(), { gift: { ...GIFT, recipientEmail: 'Ananya.Rao@Example.in' } });
    expect(order.gift).toMatchObject({ recipientEmail: 'ananya.rao@example.in' });
    const receipts = () => shop.database.db.select().from(emailMessages).where(eq(emailMessages.dedupeKey, `gift-receipt:${order.id}`));
    expect(await receipts()).toEqual([]);

    for (const status of ['processing', 'shipped']) {
      const moved = await call(shop, 'PUT', `/api/admin/orders/${order.id}/status`, { token: admin, body: { status } });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    const [receipt] = await receipts();
    expect(receipt).toMatchObject({ template: 'gift-receipt', toAddress: 'ananya.rao@example.in' });
    const data = receipt!.data as { items: Record<string, unknown>[]; senderName: string; message: string };
    expect(data).toMatchObject({ recipientName: 'Ananya Rao', senderName: order.customerName, message: 'Happy Diwali, Ananya!\nMay every lamp be lit for you. — Meera' });
    expect(data.items).toEqual([{ name: order.items[0]!.name, size: 'Set', quantity: 1 }]);
    const rendered = await renderEmail('gift-receipt', receipt!.data, { shopUrl: 'https://deosil.test', unsubscribeUrl: 'https://deosil.test/u' });
    expect(rendered.text).not.toMatch(/₹|Rs\.?\s?\d/);
    expect(rendered.subject).toBe(`A gift from ${order.customerName} is on its way`);

    // Delivered later: still one receipt.
    await call(shop, 'PUT', `/api/admin/orders/${order.id}/status`, { token: admin, body: { status: 'delivered' } });
    expect(await receipts()).toHaveLength(1);
  });

  it('refuses a receipt address that is not an e-mail, naming the field', async () => {
    const created = await createPaymentOrder(shop, customer.token, discoverySet(), { gift: { ...GIFT, recipientEmail: 'not-an-address' } });
    expect(created.status).toBe(400);
    expect(created.body.errors).toEqual([expect.objectContaining({ field: 'gift.recipientEmail' })]);
  });

  it('takes a message of exactly 250 characters, counting each emoji once', async () => {
    const message = '🕯'.repeat(250);
    const created = await createPaymentOrder(shop, customer.token, discoverySet(), { gift: { ...GIFT, message } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
  });
});
