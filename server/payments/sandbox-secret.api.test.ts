import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer } from '../../tests/support/accounts.ts';
import { createPaymentOrder, sandboxPay, verifyPayment } from '../../tests/support/checkout.ts';
import type { TestShop } from '../../tests/support/test-app.ts';
import { openTestDatabase } from '../../tests/support/test-database.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { seedCatalogueIfEmpty } from '../db/seed/seed-catalogue.ts';

let database: DatabaseHandle;

/** One run of the shop on the shared database, as a process start would make it, without PAYMENT_SANDBOX_SECRET. */
async function start(): Promise<TestShop> {
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }), database });
  await app.ready();
  return { app, database, close: () => app.close() };
}

beforeAll(async () => {
  database = await openTestDatabase();
  await seedCatalogueIfEmpty(database.db);
});
afterAll(async () => {
  await database?.close();
});

describe('the payment sandbox without a configured secret', () => {
  it('still verifies a test payment made before a restart, and a second process signs alike', async () => {
    const before = await start();
    const { token } = await registerCustomer(before);
    const product = (await before.app.inject({ method: 'GET', url: '/api/products/valor' })).json().product as { id: number };
    const created = await createPaymentOrder(before, token, [{ productId: product.id, size: '50ml', quantity: 1 }]);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const paid = await sandboxPay(before, token, (created.body.razorpayOrder as { id: string }).id);
    const other = await start();
    await before.close();

    const after = await start();
    try {
      const verified = await verifyPayment(after, token, paid);
      expect(verified.status, JSON.stringify(verified.body)).toBe(200);
      expect(verified.body.order).toMatchObject({ paymentStatus: 'paid' });
      // A signature the other process would make is the same signature.
      const again = await verifyPayment(other, token, paid);
      expect(again.status).toBe(200);
    } finally {
      await after.close();
      await other.close();
    }
  });
});
