import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../contracts/products.ts';
import { auditLog, promotions, promotionUses } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { createPaymentOrder, placeOrder } from '../../../tests/support/checkout.ts';
import { productStock } from '../../../tests/support/product-stock.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

const NOW = new Date('2026-11-21T10:00:00+05:30');
let shop: TestShop;
let admin: string;
let valor: Product;
let gift: Product;

beforeAll(async () => {
  shop = await startTestShop({ clock: () => NOW });
  admin = await signInAdmin(shop);
  valor = (await shop.app.inject({ method: 'GET', url: '/api/products/valor' })).json().product;
  const listed = (await shop.app.inject({ method: 'GET', url: '/api/products?inStock=true&limit=20' })).json().products as Product[];
  gift = listed.find((product) => product.id !== valor.id && product.category !== valor.category)!;
});
afterAll(async () => {
  await shop?.close();
});

const priceOf = (product: Product, size: string) => product.sizes.find((entry) => entry.size === size)!.price;
const quote = (items: unknown[], extra: Record<string, unknown> = {}, token?: string) => call(shop, 'POST', '/api/cart/quote', { token, body: { items, ...extra } });
const promotion = (extra: Record<string, unknown> = {}) => ({
  name: 'New Moon offer',
  conditions: [],
  actions: [{ type: 'order-percent', percent: 10 }],
  startsAt: '2026-11-01T00:00:00.000Z',
  ...extra,
});
async function create(body: Record<string, unknown>) {
  const made = await call(shop, 'POST', '/api/admin/promotions', { token: admin, body });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.promotion as { id: number; version: number };
}
const pause = (id: number) => call(shop, 'PATCH', `/api/admin/promotions/${id}/paused`, { token: admin, body: { paused: true } });

describe('an automatic free gift over an amount', () => {
  it('is offered as the next reachable offer below the amount, and added as its own free line at it', async () => {
    const threshold = Math.ceil(priceOf(valor, '50ml') * 2) - 1;
    const offer = await create(
      promotion({ conditions: [{ type: 'minimum-subtotal', amount: threshold }], actions: [{ type: 'free-gift', productId: gift.id, size: gift.sizes[0]!.size }] }),
    );
    try {
      const below = (await quote([{ productId: valor.id, size: '50ml', quantity: 1 }])).body;
      const missing = Math.round((threshold - priceOf(valor, '50ml')) * 100) / 100;
      expect(below.nextOffer).toBe(`Add ₹${missing.toLocaleString('en-IN', { maximumFractionDigits: 2, minimumFractionDigits: missing % 1 ? 2 : 0 })} more for a free ${gift.name} (${gift.sizes[0]!.size})`);
      expect(below.gifts).toEqual([]);

      const at = (await quote([{ productId: valor.id, size: '50ml', quantity: 2 }])).body;
      const label = `Free ${gift.name} (${gift.sizes[0]!.size}) — New Moon offer`;
      expect(at.gifts).toEqual([expect.objectContaining({ productId: gift.id, size: gift.sizes[0]!.size, quantity: 1, label })]);
      expect(at.adjustments).toEqual([{ kind: 'promotion', label, amount: priceOf(gift, gift.sizes[0]!.size) }]);
      // The gift costs nothing: the total is what the bought potions cost.
      expect(at.total).toBe(Math.round(priceOf(valor, '50ml') * 2 * 100) / 100);
      expect(at.nextOffer).toBeNull();
    } finally {
      await pause(offer.id);
    }
  });

  it('survives checkout: the order carries the gift line at its price, taken off whole, and the gift leaves the shelf', async () => {
    const size = gift.sizes[0]!.size;
    const offer = await create(promotion({ conditions: [{ type: 'minimum-subtotal', amount: 1 }], actions: [{ type: 'free-gift', productId: gift.id, size }] }));
    try {
      const before = await productStock(shop.database.db, gift.id);
      const { token } = await registerCustomer(shop);
      const order = await placeOrder(shop, token, [{ productId: valor.id, size: '15ml', quantity: 1 }]);
      const giftLine = order.items.find((item) => item.gift)!;
      expect(giftLine).toMatchObject({ productId: gift.id, size, quantity: 1, price: priceOf(gift, size) });
      expect(order.adjustments).toEqual([expect.objectContaining({ kind: 'promotion', amount: priceOf(gift, size) })]);
      expect(order.total).toBe(priceOf(valor, '15ml'));
      expect((await productStock(shop.database.db, gift.id)).inventory).toBe(before.inventory - 1);
      const [use] = await shop.database.db.select().from(promotionUses).where(eq(promotionUses.promotionId, offer.id));
      expect(use).toMatchObject({ state: 'taken' });
    } finally {
      await pause(offer.id);
    }
  });
});

describe('buy 2 get 1 on a category', () => {
  it('takes the cheapest matching unit off, and stops applying once paused', async () => {
    const offer = await create(promotion({ name: 'Trio', actions: [{ type: 'buy-get', filter: { categoryIds: [valor.category] }, buy: 2, get: 1 }] }));
    const items = [
      { productId: valor.id, size: '50ml', quantity: 2 },
      { productId: valor.id, size: '15ml', quantity: 1 },
    ];
    const withOffer = (await quote(items)).body;
    expect(withOffer.adjustments).toEqual([{ kind: 'promotion', label: 'Trio', amount: priceOf(valor, '15ml') }]);
    expect(withOffer.total).toBe(Math.round(priceOf(valor, '50ml') * 2 * 100) / 100);
    expect((await pause(offer.id)).status).toBe(200);
    expect((await quote(items)).body.adjustments).toEqual([]);
  });
});

describe('a code-based promotion', () => {
  it('applies only with its code, and says what the basket lacks otherwise', async () => {
    const offer = await create(promotion({ name: 'Samhain circle', code: 'circle', conditions: [{ type: 'minimum-subtotal', amount: 100_000 }], actions: [{ type: 'order-fixed', amount: 100 }] }));
    try {
      const items = [{ productId: valor.id, size: '50ml', quantity: 1 }];
      expect((await quote(items)).body.adjustments).toEqual([]);
      const short = (await quote(items, { couponCode: 'CIRCLE' })).body;
      expect(short.couponMessage).toMatch(/^Add ₹[\d,.]+ more to use this coupon$/);
      await shop.database.db.update(promotions).set({ conditions: [] }).where(eq(promotions.id, offer.id));
      shop.app.cacheBus.announce('promotions');
      const applied = (await quote(items, { couponCode: 'circle' })).body;
      expect(applied.adjustments).toEqual([{ kind: 'promotion', label: 'Samhain circle', amount: 100 }]);
      expect(applied.couponMessage).toBeNull();
      // The quote names the code it applied, so the cart keeps it as it keeps a festival coupon.
      expect(applied.coupon).toMatchObject({ code: 'CIRCLE', name: 'Samhain circle', discountAmount: 100, kind: 'offer' });
    } finally {
      await pause(offer.id);
    }
  });

  it("is taken by the cart's coupon box, weighed against the basket the box sends", async () => {
    const offer = await create(
      promotion({ name: 'Coven circle', code: 'COVEN', conditions: [{ type: 'contains', filter: { categoryIds: [valor.category] }, minimumQuantity: 2 }], actions: [{ type: 'order-fixed', amount: 150 }] }),
    );
    try {
      const validate = (quantity: number) =>
        call(shop, 'POST', '/api/coupons/validate', { body: { couponCode: 'coven', orderAmount: priceOf(valor, '15ml') * quantity, items: [{ productId: valor.id, size: '15ml', quantity }] } });
      const one = await validate(1);
      expect(one.status).toBe(422);
      expect(one.body.errors).toEqual([expect.objectContaining({ field: 'couponCode' })]);
      const two = await validate(2);
      expect(two.status, JSON.stringify(two.body)).toBe(200);
      expect(two.body).toMatchObject({ message: 'Coven circle applied', coupon: { code: 'COVEN', name: 'Coven circle', discountAmount: 150, kind: 'offer' } });
      // Without the lines there is nothing to weigh the code against: refused, as for an empty basket.
      expect((await call(shop, 'POST', '/api/coupons/validate', { body: { couponCode: 'COVEN', orderAmount: 5000 } })).status).toBe(422);
    } finally {
      await pause(offer.id);
    }
  });

  it('cannot take a code a festival coupon holds, nor a festival one a promotion holds', async () => {
    const festivalBody = (festivalCode: string) => ({
      name: `Festival ${festivalCode}`,
      description: 'A night of offers',
      bannerImage: '/images/potions/valor.svg',
      festivalCode,
      couponType: 'percentage',
      discountPercentage: 5,
      minimumOrderAmount: 0,
      startDate: '2026-11-01T00:00:00.000Z',
      endDate: '2026-12-31T00:00:00.000Z',
    });
    const kept = await call(shop, 'POST', '/api/admin/festivals', { token: admin, body: festivalBody('EKADASHI') });
    expect(kept.status, JSON.stringify(kept.body)).toBe(201);
    const clash = await call(shop, 'POST', '/api/admin/promotions', { token: admin, body: promotion({ code: 'ekadashi' }) });
    expect(clash.status).toBe(409);
    expect(clash.body.errors).toEqual([{ field: 'code', message: 'code is already a festival coupon code' }]);
    expect(await shop.database.db.select().from(promotions).where(and(eq(promotions.code, 'EKADASHI'), isNull(promotions.festivalId)))).toEqual([]);

    const offer = await create(promotion({ code: 'WITCHING' }));
    try {
      const taken = await call(shop, 'POST', '/api/admin/festivals', { token: admin, body: festivalBody('WITCHING') });
      expect(taken.status, JSON.stringify(taken.body)).toBe(409);
      expect(taken.body.errors).toEqual([{ field: 'festivalCode', message: 'festivalCode is already a promotion code' }]);
    } finally {
      await pause(offer.id);
    }
  });
});

describe('caps', () => {
  it("refuses a shopper's second use past their own limit, and gives a use back when an unpaid hold is released", async () => {
    const offer = await create(promotion({ name: 'Once each', perCustomerLimit: 1, actions: [{ type: 'order-fixed', amount: 50 }] }));
    try {
      const { token } = await registerCustomer(shop);
      const items = [{ productId: valor.id, size: '15ml', quantity: 1 }];
      const first = await createPaymentOrder(shop, token, items);
      expect(first.status).toBe(200);
      expect(first.body.amount).toBe(Math.round((priceOf(valor, '15ml') - 50) * 100) / 100);
      // Priced again for the same shopper, the offer is no longer theirs to have.
      expect((await quote(items, {}, token)).body.adjustments).toEqual([]);
      const orderId = (first.body.razorpayOrder as { id: string }).id;
      expect((await call(shop, 'POST', '/api/payments/razorpay/release-hold', { token, body: { razorpay_order_id: orderId } })).status).toBe(200);
      expect((await quote(items, {}, token)).body.adjustments).toEqual([{ kind: 'promotion', label: 'Once each', amount: 50 }]);
      const [row] = await shop.database.db.select().from(promotions).where(eq(promotions.id, offer.id));
      expect(row!.usedCount).toBe(0);
    } finally {
      await pause(offer.id);
    }
  });
});

describe('the back office', () => {
  it('refuses an impossible rule naming its field, and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [promotion({ actions: [{ type: 'order-percent', percent: 150 }] }), 'actions.0.percent'],
      [promotion({ actions: [{ type: 'buy-get', buy: 0, get: 1 }] }), 'actions.0.buy'],
      [promotion({ endsAt: '2026-10-01T00:00:00.000Z' }), 'endsAt'],
      [promotion({ actions: [{ type: 'free-gift', productId: 999_999, size: '15ml' }] }), 'actions.0.productId'],
      [promotion({ actions: [{ type: 'free-gift', productId: gift.id, size: '2ml' }] }), 'actions.0.size'],
      [promotion({ actions: [] }), 'actions'],
    ];
    const before = (await shop.database.db.select().from(promotions)).length;
    for (const [body, field] of cases) {
      const refused = await call(shop, 'POST', '/api/admin/promotions', { token: admin, body });
      expect(refused.status, field).toBe(400);
      expect((refused.body.errors as { field: string }[]).map((error) => error.field)).toContain(field);
    }
    expect((await shop.database.db.select().from(promotions)).length).toBe(before);
  });

  it('refuses an edit made on an older version instead of losing the other edit', async () => {
    const offer = await create(promotion({ name: 'Edited twice' }));
    const first = await call(shop, 'PUT', `/api/admin/promotions/${offer.id}`, { token: admin, body: { ...promotion({ name: 'First edit' }), version: offer.version } });
    expect(first.status).toBe(200);
    const second = await call(shop, 'PUT', `/api/admin/promotions/${offer.id}`, { token: admin, body: { ...promotion({ name: 'Second edit' }), version: offer.version } });
    expect(second.status).toBe(409);
    expect(second.body.errors).toEqual([expect.objectContaining({ field: 'version' })]);
    const [row] = await shop.database.db.select().from(promotions).where(eq(promotions.id, offer.id));
    expect(row!.name).toBe('First edit');
    const audited = await shop.database.db.select().from(auditLog).where(eq(auditLog.targetId, String(offer.id)));
    expect(audited.map((entry) => entry.action).sort()).toEqual(['promotion.create', 'promotion.update']);
    await pause(offer.id);
  });

  it('previews an unsaved promotion against a sample basket without saving it', async () => {
    const before = (await shop.database.db.select().from(promotions)).length;
    const previewed = await call(shop, 'POST', '/api/admin/promotions/preview', {
      token: admin,
      body: { promotion: promotion({ actions: [{ type: 'order-percent', percent: 20, maximum: 100 }] }), items: [{ productId: valor.id, size: '50ml', quantity: 3 }] },
    });
    expect(previewed.status).toBe(200);
    expect(previewed.body).toMatchObject({ applies: true, adjustments: [{ kind: 'promotion', label: 'New Moon offer', amount: 100 }] });
    expect((await shop.database.db.select().from(promotions)).length).toBe(before);
  });

  it('lists each promotion with its status, uses, discount given and revenue from paid orders', async () => {
    const offer = await create(promotion({ name: 'Counted', actions: [{ type: 'order-fixed', amount: 40 }] }));
    const { token } = await registerCustomer(shop);
    const order = await placeOrder(shop, token, [{ productId: valor.id, size: '15ml', quantity: 1 }]);
    await pause(offer.id);
    const listed = (await call(shop, 'GET', '/api/admin/promotions', { token: admin })).body.promotions as { id: number; status: string; usedCount: number; orders: number; discountGiven: number; revenue: number }[];
    expect(listed.find((row) => row.id === offer.id)).toMatchObject({ status: 'paused', usedCount: 1, orders: 1, discountGiven: 40, revenue: order.total });
  });

  it('is for admins only', async () => {
    const { token } = await registerCustomer(shop);
    expect((await call(shop, 'GET', '/api/admin/promotions', { token })).status).toBe(403);
    expect((await call(shop, 'POST', '/api/admin/promotions', { token, body: promotion() })).status).toBe(403);
  });
});

describe('returns of an order with offers', () => {
  it('refund what the returned units cost after their own offers; the gift is never deducted, and returning it refunds nothing', async () => {
    const size = gift.sizes[0]!.size;
    const offers = [
      await create(promotion({ name: 'Gift', actions: [{ type: 'free-gift', productId: gift.id, size }] })),
      await create(promotion({ name: 'Tenth', actions: [{ type: 'order-percent', percent: 10 }] })),
    ];
    try {
      const { token } = await registerCustomer(shop);
      const order = await placeOrder(shop, token, [{ productId: valor.id, size: '15ml', quantity: 2 }]);
      expect(order.total).toBeCloseTo(priceOf(valor, '15ml') * 2 * 0.9, 2);
      expect((await call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: admin, body: { status: 'delivered' } })).status).toBe(200);
      const bought = order.items.find((item) => !item.gift)!;
      const freebie = order.items.find((item) => item.gift)!;
      const returned = await call(shop, 'POST', `/api/orders/${order.orderNumber}/returns`, { token, body: { lines: [{ orderItemId: bought.id, quantity: 1 }], reason: 'changed-my-mind' } });
      expect(returned.status, JSON.stringify(returned.body)).toBe(201);
      // Half the line's price less half its share of the 10%: the gift's price is not taken back.
      expect((returned.body.return as { refundAmount: number }).refundAmount).toBeCloseTo(order.total / 2, 2);
      const giftBack = await call(shop, 'POST', `/api/orders/${order.orderNumber}/returns`, { token, body: { lines: [{ orderItemId: freebie.id, quantity: 1 }], reason: 'changed-my-mind' } });
      // The gift may come back (it goes on the shelf again); it cost nothing, so nothing is refunded for it.
      expect(giftBack.status).toBe(201);
      expect(giftBack.body.return).toMatchObject({ refundAmount: 0, lines: [{ orderItemId: freebie.id, name: gift.name, size, quantity: 1 }] });
    } finally {
      for (const offer of offers) await pause(offer.id);
    }
  });
});
