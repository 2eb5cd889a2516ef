import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { removeStrayReturnPhotos } from './return-photos.ts';

// The S3 path against a real S3-compatible server (s3rver) started here on a free port: the same HTTP API,
// signatures and errors the SDK meets on AWS, MinIO or R2.
const BUCKET = 'deosil-uploads';
let s3Directory: string;
let dataDir: string;
let s3server: S3rver;
let endpoint: string;
let shop: TestShop;
let admin: string;

beforeAll(async () => {
  s3Directory = await mkdtemp(path.join(tmpdir(), 'deosil-s3-'));
  dataDir = await mkdtemp(path.join(tmpdir(), 'deosil-s3-data-'));
  s3server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Directory, configureBuckets: [{ name: BUCKET }] });
  const { port } = await s3server.run();
  endpoint = `http://127.0.0.1:${port}`;
  shop = await startTestShop({
    env: { DATA_DIR: dataDir, S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_PREFIX: 'shop/uploads/' },
  });
  admin = await signInAdmin(shop);
});
afterAll(async () => {
  await shop?.close();
  await s3server?.close();
  await rm(s3Directory, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

async function picture(colour: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: colour } }).png().toBuffer();
}

async function upload(bytes: Buffer, url = '/api/admin/uploads', token = admin): Promise<string> {
  const boundary = '----deosil-s3-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="potion.png"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await shop.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { url: string }).url;
}

const pixel = async (bytes: Buffer) => Array.from((await sharp(bytes).raw().toBuffer()).subarray(0, 3));

describe('uploads on S3-compatible storage', () => {
  it('stores the picture in the bucket, not on the disk, and serves it at the same /uploads URL', async () => {
    const url = await upload(await picture({ r: 120, g: 20, b: 160 }));
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);

    const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const stored = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `shop/uploads/${url.slice('/uploads/'.length)}` }));
    expect(stored.ContentType).toBe('image/png');
    client.destroy();
    expect(await readdir(path.join(dataDir, 'uploads')).catch(() => [])).toEqual([]);

    const served = await shop.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await pixel(served.rawPayload)).toEqual([120, 20, 160]);
    expect((await shop.app.inject({ method: 'GET', url: '/uploads/0123456789abcdef0123456789abcdef.png' })).statusCode).toBe(404);
  });

  it("replaces a potion's picture: the product names the new upload, and both files stay served under their names", async () => {
    const first = await upload(await picture({ r: 200, g: 160, b: 40 }));
    const product = {
      name: 'Gilded Ember',
      category: 'ritual',
      price: 1299,
      description: 'Saffron and smoke.',
      inventory: 5,
      isSignature: false,
      image: first,
      images: [first],
      sizes: [{ size: '30ml', price: 0, inStock: true }],
      notes: { top: ['Saffron'], heart: ['Smoke'], base: ['Oud'] },
      effect: '',
    };
    const created = await call(shop, 'POST', '/api/products', { token: admin, body: product });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id, slug } = created.body.product as { id: number; slug: string };

    const second = await upload(await picture({ r: 10, g: 90, b: 200 }));
    expect(second).not.toBe(first);
    const replaced = await call(shop, 'PUT', `/api/products/${id}`, { token: admin, body: { ...product, image: second, images: [second] } });
    expect(replaced.status).toBe(200);
    const shown = await call(shop, 'GET', `/api/products/${slug}`);
    expect(JSON.stringify(shown.body.product)).toContain(second);
    expect(JSON.stringify(shown.body.product)).not.toContain(first);
    expect(await pixel((await shop.app.inject({ method: 'GET', url: second })).rawPayload)).toEqual([10, 90, 200]);
    // Names are never reused, so a page or a cache still holding the old URL gets the old picture, not a 404.
    expect((await shop.app.inject({ method: 'GET', url: first })).statusCode).toBe(200);
  });

  it('removes a return photo no return claimed within a day from the bucket', async () => {
    const customer = await registerCustomer(shop);
    const url = await upload(await picture({ r: 90, g: 10, b: 10 }), '/api/uploads/return-photos', customer.token);
    const key = `shop/uploads/${url.slice('/uploads/'.length)}`;
    const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    onTestFinished(() => client.destroy());
    expect((await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }))).ContentType).toBe('image/png');

    expect(await removeStrayReturnPhotos(shop.database.db, shop.app.uploads, new Date(Date.now() + 25 * 3600_000))).toBe(1);
    await expect(client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }))).rejects.toMatchObject({ name: 'NoSuchKey' });
    expect((await shop.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
