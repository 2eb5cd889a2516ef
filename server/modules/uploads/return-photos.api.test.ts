import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/orders.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { placeOrder } from '../../../tests/support/checkout.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { orderReturns, products } from '../../db/schema/index.ts';
import { removeStrayReturnPhotos } from './return-photos.ts';

let shop: TestShop;
let dataDir: string;
let admin: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'deosil-return-photos-'));
  shop = await startTestShop({ env: { DATA_DIR: dataDir, RETURN_PHOTO_DAILY_LIMIT: '4' } });
  admin = await signInAdmin(shop);
  await shop.database.db.update(products).set({ inventory: 20 });
});
afterAll(async () => {
  await shop?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const boundary = '----deosil-return-photo';
const body = Buffer.concat([
  Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="leak.png"\r\nContent-Type: image/png\r\n\r\n`),
  PNG,
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);

async function uploadPhoto(token: string) {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/uploads/return-photos',
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
  });
  return { status: response.statusCode, headers: response.headers, body: response.json() as { url?: string; message?: string } };
}

const storedFiles = async () => (await readdir(path.join(dataDir, 'uploads')).catch(() => [] as string[])).sort();
const fileOf = (url: string) => url.slice('/uploads/'.length);

describe('POST /api/uploads/return-photos', () => {
  it("takes a customer's day's allowance of photos, then answers 429 with Retry-After and stores nothing; another customer still can", async () => {
    const customer = await registerCustomer(shop);
    const before = (await storedFiles()).length;
    for (let photo = 0; photo < 4; photo += 1) expect((await uploadPhoto(customer.token)).status).toBe(201);
    const refused = await uploadPhoto(customer.token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.message).toMatch(/photos/);
    expect((await storedFiles()).length).toBe(before + 4);

    const other = await registerCustomer(shop);
    expect((await uploadPhoto(other.token)).status).toBe(201);
  });
});

describe('photos no return claimed', () => {
  it('are removed a day after their upload, from the storage too; and a return keeps the photos it claimed, which must be its customer’s own', async () => {
    const customer = await registerCustomer(shop);
    const [nazar] = await shop.database.db.select().from(products).where(eq(products.slug, 'nazar'));
    const order: Order = await placeOrder(shop, customer.token, [{ productId: nazar!.id, size: '30ml', quantity: 1 }]);
    expect((await call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: admin, body: { status: 'delivered' } })).status).toBe(200);

    const kept = (await uploadPhoto(customer.token)).body.url!;
    const stray = (await uploadPhoto(customer.token)).body.url!;
    const line = order.items[0]!;
    const ask = (photos: string[], token = customer.token) =>
      call(shop, 'POST', `/api/orders/${order.orderNumber}/returns`, { token, body: { lines: [{ orderItemId: line.id, quantity: 1 }], reason: 'damaged-or-leaking', photos } });

    // Someone else's upload is not this customer's to send in.
    const stranger = await registerCustomer(shop);
    const theirs = (await uploadPhoto(stranger.token)).body.url!;
    const refused = await ask([kept, theirs]);
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.field).toBe('photos');
    expect(await shop.database.db.select().from(orderReturns)).toHaveLength(0);

    const asked = await ask([kept]);
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);

    // Within the day nothing goes; a day later the unclaimed ones go, the claimed one stays.
    expect(await removeStrayReturnPhotos(shop.database.db, shop.app.uploads, new Date(Date.now() + 23 * 3600_000))).toBe(0);
    const removed = await removeStrayReturnPhotos(shop.database.db, shop.app.uploads, new Date(Date.now() + 25 * 3600_000));
    expect(removed).toBeGreaterThanOrEqual(2);
    const files = await storedFiles();
    expect(files).toContain(fileOf(kept));
    expect(files).not.toContain(fileOf(stray));
    expect(files).not.toContain(fileOf(theirs));
    expect((await shop.app.inject({ method: 'GET', url: stray })).statusCode).toBe(404);
    expect((await shop.app.inject({ method: 'GET', url: kept })).statusCode).toBe(200);
  });
});
