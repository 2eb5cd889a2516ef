import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../contracts/products.ts';
import { products, productSizes } from '../../db/schema/index.ts';
import { insertFestivalWithCoupon } from '../../../tests/support/festivals.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { taxLines } from '../../../domain/gst.ts';

const NOW = new Date('2026-11-21T10:00:00+05:30');
let shop: TestShop;
let valor: Product;
let soldOut: Product;

beforeAll(async () => {
  shop = await startTestShop({ clock: () => NOW });
  valor = (await shop.app.inject({ method: 'GET', url: '/api/products/valor' })).json().product;
  soldOut = (await shop.app.inject({ method: 'GET', url: '/api/products?inStock=false&limit=1' })).json().products[0];
  await insertFestivalWithCoupon(shop.database.db, {
    name: 'Deepam',
    festivalCode: 'DEEPAM15',
    couponType: 'percentage',
    discountValue: 1500,
    minimumOrderPaise: 199_900,
    startDate: new Date('2026-11-01T00:00:00Z'),
    endDate: new Date('2026-12-01T00:00:00Z'),
  });
});
afterAll(async () => {
  await shop?.close();
});

const quote = (body: unknown) => shop.app.inject({ method: 'POST', url: '/api/cart/quote', payload: body as object });
const priceOf = (product: Product, size: string) => product.sizes.find((entry) => entry.size === size)!.price;

describe('POST /api/cart/quote', () => {
  it('prices every line from the database and totals it', async () => {
    const response = await quote({
      items: [
        { productId: valor.id, size: '15ml', quantity: 2 },
        { productId: valor.id, size: '50ml', quantity: 1 },
      ],
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.lines.map((line: { unitPrice: number }) => line.unitPrice)).toEqual([priceOf(valor, '15ml'), priceOf(valor, '50ml')]);
    const subtotal = Math.round((priceOf(valor, '15ml') * 2 + priceOf(valor, '50ml')) * 100) / 100;
    expect(body).toMatchObject({ itemCount: 3, subtotal, discount: 0, shipping: 0, total: subtotal, purchasable: true, coupon: null });
  });

  it('states the GST inside the total as the invoice will split it, the coupon taken off first, each line at its rate', async () => {
    // Valor at 18 %; another potion moved to 12 % so the basket mixes rates.
    const other = (await shop.app.inject({ method: 'GET', url: '/api/products?inStock=true&limit=3' })).json().products.find((product: Product) => product.id !== valor.id) as Product;
    await shop.database.db.update(products).set({ gstRateBp: 1200 }).where(eq(products.id, other.id));
    const size = other.sizes[0]!.size;
    const body = (await quote({ items: [{ productId: valor.id, size: '50ml', quantity: 2 }, { productId: other.id, size, quantity: 1 }], couponCode: 'DEEPAM15' })).json();
    const paise = (rupees: number) => Math.round(rupees * 100);
    const lines = [
      { amountPaise: paise(priceOf(valor, '50ml')) * 2, rateBp: 1800 },
      { amountPaise: paise(priceOf(other, size)), rateBp: 1200 },
    ];
    const taxed = taxLines(lines, paise(body.discount), 'inter-state');
    expect(body).toMatchObject({ purchasable: true });
    expect(body.discount).toBeGreaterThan(0);
    expect(paise(body.includedGst)).toBe(taxed.reduce((sum, line) => sum + line.igstPaise, 0));
    expect(body.adjustments).toEqual([{ kind: 'coupon', label: 'Discount (DEEPAM15)', amount: body.discount }]);
    await shop.database.db.update(products).set({ gstRateBp: 1800 }).where(eq(products.id, other.id));
  });

  it('ignores any price the client sends', async () => {
    const response = await quote({ items: [{ productId: valor.id, size: '50ml', quantity: 1, price: 1, unitPrice: 1 }], total: 1 });
    expect(response.json().total).toBe(priceOf(valor, '50ml'));
  });

  it('applies a coupon by its rules and explains a refusal', async () => {
    const applied = (await quote({ items: [{ productId: valor.id, size: '50ml', quantity: 1 }], couponCode: 'deepam15' })).json();
    expect(applied.coupon.code).toBe('DEEPAM15');
    expect(applied.discount).toBe(Math.round(priceOf(valor, '50ml') * 15) / 100);
    expect(applied.total).toBe(Math.round((priceOf(valor, '50ml') - applied.discount) * 100) / 100);

    const refused = (await quote({ items: [{ productId: valor.id, size: '15ml', quantity: 1 }], couponCode: 'DEEPAM15' })).json();
    expect(refused.coupon).toBeNull();
    expect(refused.discount).toBe(0);
    expect(refused.couponMessage).toMatch(/^Add ₹[\d,.]+ more to use this coupon$/);
  });

  it('marks lines that cannot be bought and leaves them out of the total', async () => {
    const body = (
      await quote({
        items: [
          { productId: valor.id, size: '50ml', quantity: 1 },
          { productId: soldOut.id, size: '30ml', quantity: 1 },
          { productId: valor.id, size: '100ml', quantity: 1 },
          { productId: 999_999, size: '50ml', quantity: 1 },
          { productId: valor.id, size: '15ml', quantity: 99 },
        ],
      })
    ).json();
    expect(body.lines.map((line: { problem: string | null }) => line.problem)).toEqual([null, 'out-of-stock', 'unknown-size', 'unknown-product', 'insufficient-stock']);
    expect(body.subtotal).toBe(priceOf(valor, '50ml'));
    expect(body.purchasable).toBe(false);
  });

  it('counts a potion\'s sizes against one stock, so two sizes together cannot ask more than there is', async () => {
    const [stored] = await shop.database.db.select({ inventory: products.inventory }).from(products).where(eq(products.id, valor.id));
    await shop.database.db.update(products).set({ inventory: 2 }).where(eq(products.id, valor.id));
    try {
      const body = (
        await quote({
          items: [
            { productId: valor.id, size: '15ml', quantity: 2 },
            { productId: valor.id, size: '30ml', quantity: 2 },
          ],
        })
      ).json();
      expect(body.lines.map((line: { problem: string | null }) => line.problem)).toEqual([null, 'insufficient-stock']);
      expect(body.purchasable).toBe(false);
    } finally {
      await shop.database.db.update(products).set({ inventory: stored!.inventory }).where(eq(products.id, valor.id));
    }
  });

  it('shows a new price as soon as the shop changes it', async () => {
    await shop.database.db
      .update(productSizes)
      .set({ pricePaise: 123_400 })
      .where(and(eq(productSizes.productId, valor.id), eq(productSizes.size, '50ml')));
    const body = (await quote({ items: [{ productId: valor.id, size: '50ml', quantity: 2 }] })).json();
    expect(body.lines[0]).toMatchObject({ unitPrice: 1234, lineTotal: 2468 });
    expect(body.total).toBe(2468);
  });

  it.each([
    [{ items: [{ productId: 1, size: '50ml', quantity: 0 }] }, 'items.0.quantity'],
    [{ items: [{ productId: 1, size: '50ml', quantity: 1.5 }] }, 'items.0.quantity'],
    [{ items: [{ productId: 1, size: '50ml', quantity: 100 }] }, 'items.0.quantity'],
    [{ items: [{ productId: '1', size: '50ml', quantity: 1 }] }, 'items.0.productId'],
    [{ items: [{ productId: 1, size: 'x'.repeat(10_240), quantity: 1 }] }, 'items.0.size'],
    [{ items: 'all of them' }, 'items'],
    [{ items: Array.from({ length: 51 }, (_, i) => ({ productId: i + 1, size: '50ml', quantity: 1 })) }, 'items'],
    [{ items: [], couponCode: 'BAD CODE!' }, 'couponCode'],
  ])('rejects %j naming %s', async (body, field) => {
    const response = await quote(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((error: { field: string }) => error.field)).toContain(field);
  });
});
