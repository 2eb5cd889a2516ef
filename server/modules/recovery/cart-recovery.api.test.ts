import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '../../../contracts/products.ts';
import type { RecoveryReportResponse } from '../../../contracts/cart-recovery.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { createPaymentOrder, placeOrder } from '../../../tests/support/checkout.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { cartReminders, emailMessages, products, promotions, savedCarts } from '../../db/schema/index.ts';
import type { CartReminderMailData } from '../mail/templates/cart-reminder.tsx';

const SHOP_URL = 'https://shop.deosil.test';
// A fixed clock the tests move by hand; a week before the real date, so nothing here is in the future.
const T0 = new Date(Date.now() - 8 * 24 * 3_600_000);
let now = T0;
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const HOUR = 60;

let shop: TestShop;
let valor: Product;
let poppy: Product;
let admin: string;

beforeAll(async () => {
  shop = await startTestShop({ clock: () => now, env: { PUBLIC_URL: SHOP_URL, RECOVERY_SECOND_PROMOTION: 'comeback10' } });
  valor = (await shop.app.inject({ method: 'GET', url: '/api/products/valor' })).json().product;
  poppy = (await shop.app.inject({ method: 'GET', url: '/api/products/dark-poppy' })).json().product;
  admin = await signInAdmin(shop);
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(() => {
  now = T0;
});

// The job's own entry, called as its schedule calls it, on the test's clock.
const run = () => shop.app.services.cartRecovery.run(now);

async function remindersTo(email: string) {
  return shop.database.db
    .select({ data: emailMessages.data, list: emailMessages.list, unsubscribeUrl: emailMessages.unsubscribeUrl, dedupeKey: emailMessages.dedupeKey })
    .from(emailMessages)
    .where(and(eq(emailMessages.template, 'cart-reminder'), eq(emailMessages.toAddress, email)))
    .orderBy(desc(emailMessages.createdAt));
}
const dataOf = (row: { data: unknown }) => row.data as CartReminderMailData;
const tokenOf = (row: { data: unknown }) => new URL(dataOf(row).restoreUrl).searchParams.get('token')!;

async function shopperWithCart(items = [{ productId: valor.id, size: '15ml', quantity: 2 }]) {
  const shopper = await registerCustomer(shop);
  const kept = await call(shop, 'PUT', '/api/cart', { token: shopper.token, body: { items } });
  expect(kept.status, JSON.stringify(kept.body)).toBe(200);
  return shopper;
}

describe('the cart kept on the server', () => {
  it('keeps what the browser sends and gives it back with today’s names and prices', async () => {
    const shopper = await shopperWithCart();
    const read = await call(shop, 'GET', '/api/cart', { token: shopper.token });
    expect(read.body.items).toEqual([
      { productId: valor.id, size: '15ml', quantity: 2, name: valor.name, slug: 'valor', image: valor.mainImage, unitPrice: valor.sizes.find((size) => size.size === '15ml')!.price },
    ]);
    expect((await call(shop, 'GET', '/api/cart', {})).status).toBe(401);
  });

  it('merges on sign-in: every line, the larger quantity, never above stock', async () => {
    const shopper = await shopperWithCart([
      { productId: valor.id, size: '15ml', quantity: 3 },
      { productId: poppy.id, size: '50ml', quantity: 4 },
    ]);
    await shop.database.db.update(products).set({ inventory: 2 }).where(eq(products.id, poppy.id));
    try {
      const merged = await call(shop, 'POST', '/api/cart/merge', {
        token: shopper.token,
        body: {
          items: [
            { productId: valor.id, size: '15ml', quantity: 1 },
            { productId: valor.id, size: '50ml', quantity: 1 },
          ],
        },
      });
      expect(merged.status, JSON.stringify(merged.body)).toBe(200);
      const lines = (merged.body.items as { productId: number; size: string; quantity: number }[]).map(({ productId, size, quantity }) => ({ productId, size, quantity }));
      expect(lines).toEqual([
        { productId: valor.id, size: '15ml', quantity: 3 },
        { productId: valor.id, size: '50ml', quantity: 1 },
        { productId: poppy.id, size: '50ml', quantity: 2 },
      ]);
      const [row] = await shop.database.db.select().from(savedCarts).where(eq(savedCarts.userId, shopper.user.id));
      expect(row!.itemCount).toBe(6);
    } finally {
      await shop.database.db.update(products).set({ inventory: 40 }).where(eq(products.id, poppy.id));
    }
  });

  it('refuses a malformed cart naming the field, and writes nothing', async () => {
    const shopper = await shopperWithCart();
    const refused = await call(shop, 'PUT', '/api/cart', { token: shopper.token, body: { items: [{ productId: valor.id, size: '15ml', quantity: 0 }] } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.field).toBe('items.0.quantity');
    const [row] = await shop.database.db.select().from(savedCarts).where(eq(savedCarts.userId, shopper.user.id));
    expect(row!.itemCount).toBe(2);
  });
});

describe('reminders on a fixed clock', () => {
  it('sends the first at one hour and the second at 24 hours, each once, then nothing', async () => {
    const shopper = await shopperWithCart();
    now = at(59);
    await run();
    expect(await remindersTo(shopper.user.email)).toHaveLength(0);
    now = at(60);
    // Two runs at once (two processes' schedules, or a retry): one reminder.
    await Promise.all([run(), run()]);
    await run();
    const first = await remindersTo(shopper.user.email);
    expect(first).toHaveLength(1);
    expect(dataOf(first[0]!)).toMatchObject({ step: 'first', cause: 'cart', promotion: null, lines: [{ name: valor.name, size: '15ml', quantity: 2 }] });
    expect(first[0]!.list).toBe('cart-reminders');
    expect(dataOf(first[0]!).restoreUrl).toMatch(new RegExp(`^${SHOP_URL}/cart/restore\\?token=[A-Za-z0-9_-]{43}$`));
    now = at(23 * HOUR);
    await run();
    expect(await remindersTo(shopper.user.email)).toHaveLength(1);
    now = at(24 * HOUR);
    await run();
    const both = await remindersTo(shopper.user.email);
    expect(both.map((row) => dataOf(row).step)).toEqual(['second', 'first']);
    now = at(72 * HOUR);
    await run();
    expect(await remindersTo(shopper.user.email)).toHaveLength(2);
  });

  it('offers the promotion chosen in settings in the second, only while it can be used', async () => {
    await shop.database.db.insert(promotions).values({ name: '10% off your return', code: 'COMEBACK10', actions: [{ type: 'order-percent', percentBp: 1000, maximumPaise: null }], startsAt: at(-HOUR) });
    try {
      const shopper = await shopperWithCart();
      now = at(24 * HOUR);
      await run();
      const [second] = await remindersTo(shopper.user.email);
      expect(dataOf(second!)).toMatchObject({ step: 'second', promotion: { code: 'COMEBACK10', name: '10% off your return' } });
      await shop.database.db.update(promotions).set({ paused: true }).where(eq(promotions.code, 'COMEBACK10'));
      const other = await shopperWithCart();
      now = at(48 * HOUR);
      await run();
      expect(dataOf((await remindersTo(other.user.email))[0]!).promotion).toBeNull();
    } finally {
      await shop.database.db.delete(promotions).where(eq(promotions.code, 'COMEBACK10'));
    }
  });

  it('sends nothing after a purchase, an emptied cart, or an unsubscribe', async () => {
    const buyer = await shopperWithCart();
    now = at(10);
    await placeOrder(shop, buyer.token, [{ productId: valor.id, size: '15ml', quantity: 2 }]);
    const emptier = await shopperWithCart();
    now = at(20);
    await call(shop, 'PUT', '/api/cart', { token: emptier.token, body: { items: [] } });
    const leaver = await shopperWithCart();
    now = at(2 * HOUR);
    await run();
    expect(await remindersTo(buyer.user.email)).toHaveLength(0);
    expect(await remindersTo(emptier.user.email)).toHaveLength(0);
    const [first] = await remindersTo(leaver.user.email);
    // The one-click unsubscribe in the e-mail's List-Unsubscribe header, as a mail client posts it.
    const unsubscribe = new URL(first!.unsubscribeUrl!);
    const left = await shop.app.inject({ method: 'POST', url: `${unsubscribe.pathname}${unsubscribe.search}` });
    expect(left.statusCode).toBe(200);
    now = at(24 * HOUR);
    await run();
    expect(await remindersTo(leaver.user.email)).toHaveLength(1);
  });

  it('reminds of a payment order opened and not paid', async () => {
    const shopper = await registerCustomer(shop);
    const opened = await createPaymentOrder(shop, shopper.token, [{ productId: poppy.id, size: '50ml', quantity: 1 }]);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    now = at(HOUR + 5);
    await run();
    const [first] = await remindersTo(shopper.user.email);
    expect(dataOf(first!)).toMatchObject({ step: 'first', cause: 'checkout', lines: [{ name: poppy.name, size: '50ml', quantity: 1 }] });
  });
});

describe('the restore link', () => {
  async function remindedShopper() {
    const shopper = await shopperWithCart([{ productId: poppy.id, size: '50ml', quantity: 1 }]);
    now = at(HOUR);
    await run();
    const [mail] = await remindersTo(shopper.user.email);
    return { shopper, token: tokenOf(mail!) };
  }

  it('restores the cart for anyone holding the link, and counts it opened once', async () => {
    const { shopper, token } = await remindedShopper();
    const restored = await call(shop, 'POST', '/api/cart/restore', { body: { token } });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.items).toMatchObject([{ productId: poppy.id, size: '50ml', quantity: 1, name: poppy.name, slug: 'dark-poppy' }]);
    now = at(2 * HOUR);
    expect((await call(shop, 'POST', '/api/cart/restore', { token: shopper.token, body: { token } })).status).toBe(200);
    const [reminder] = await shop.database.db.select().from(cartReminders).where(eq(cartReminders.userId, shopper.user.id));
    expect(reminder!.openedAt).toEqual(at(HOUR));
  });

  it('restores nothing and reveals nothing for another’s cart, an unknown or an expired link', async () => {
    const { shopper, token } = await remindedShopper();
    const stranger = await registerCustomer(shop);
    const unknown = await call(shop, 'POST', '/api/cart/restore', { body: { token: 'A'.repeat(43) } });
    const another = await call(shop, 'POST', '/api/cart/restore', { token: stranger.token, body: { token } });
    expect(unknown.status).toBe(404);
    expect(another.status).toBe(404);
    expect(another.body).toEqual(unknown.body);
    expect(another.body.errors?.[0]?.field).toBe('token');
    now = at(HOUR + 7 * 24 * HOUR + 1);
    expect((await call(shop, 'POST', '/api/cart/restore', { body: { token } })).body).toEqual(unknown.body);
    const [reminder] = await shop.database.db.select().from(cartReminders).where(eq(cartReminders.userId, shopper.user.id));
    expect(reminder!.openedAt).toBeNull();
    expect((await call(shop, 'POST', '/api/cart/restore', { body: { token: 'short' } })).body.errors?.[0]?.field).toBe('token');
  });
});

describe('/api/admin/recovery', () => {
  it('counts reminded, opened and recovered by week and marks the order with its reminder', async () => {
    const { shopper, token } = await (async () => {
      const customer = await shopperWithCart([{ productId: valor.id, size: '50ml', quantity: 1 }]);
      now = at(HOUR);
      await run();
      return { shopper: customer, token: tokenOf((await remindersTo(customer.user.email))[0]!) };
    })();
    now = at(HOUR + 30);
    await call(shop, 'POST', '/api/cart/restore', { body: { token } });
    now = at(2 * HOUR);
    const order = await placeOrder(shop, shopper.token, [{ productId: valor.id, size: '50ml', quantity: 1 }]);
    const report = await call(shop, 'GET', '/api/admin/recovery', { token: admin });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    const body = report.body as unknown as RecoveryReportResponse;
    const mine = body.orders.find((entry) => entry.orderId === order.id);
    expect(mine).toMatchObject({ orderNumber: order.orderNumber, step: 'first', cause: 'cart', total: order.total });
    const week = body.weeks[0]!;
    expect(week.recovered).toBeGreaterThanOrEqual(1);
    expect(week.opened).toBeGreaterThanOrEqual(week.recovered);
    expect(week.reminded).toBeGreaterThanOrEqual(week.opened);
    expect(week.revenue).toBeGreaterThanOrEqual(order.total);
    expect(body.settings).toEqual({ first: { enabled: true, delayMinutes: 60 }, second: { enabled: true, delayHours: 24, promotionCode: 'COMEBACK10' } });
    expect((await call(shop, 'GET', '/api/admin/recovery', { token: shopper.token })).status).toBe(403);
  });
});
