import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, products } from '../../db/schema/index.ts';
import { registerCustomer } from '../../../tests/support/accounts.ts';
import { createPaymentOrder, SHIPPING } from '../../../tests/support/checkout.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

let shop: TestShop;
let productId: number;

beforeAll(async () => {
  shop = await startTestShop({ env: { PAYMENT_ORDER_RATE_LIMIT: '3' } });
  const [nazar] = await shop.database.db.select().from(products).where(eq(products.slug, 'nazar'));
  productId = nazar!.id;
  await shop.database.db.update(products).set({ inventory: 50 }).where(eq(products.id, productId));
});
afterAll(async () => {
  await shop?.close();
});

describe('payment orders per customer', () => {
  it('answers 429 with Retry-After past the allowance, stores nothing more, and leaves other customers alone', async () => {
    const greedy = await registerCustomer(shop);
    const item = [{ productId, size: '30ml', quantity: 1 }];
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt += 1) statuses.push((await createPaymentOrder(shop, greedy.token, item)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await shop.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/create-payment-order',
      headers: { authorization: `Bearer ${greedy.token}` },
      payload: { items: item, ...SHIPPING },
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ success: false, message: expect.stringMatching(/^Too many payment attempts\. Please try again in \d+ minutes?\.$/) });
    const [stored] = await shop.database.db.select({ n: count() }).from(checkouts).where(eq(checkouts.userId, greedy.user.id));
    expect(stored!.n).toBe(3);

    const other = await registerCustomer(shop);
    expect((await createPaymentOrder(shop, other.token, item)).status).toBe(200);
  });

});
