import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

let shop: TestShop;
let dataDir: string;
let admin: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'deosil-uploads-'));
  shop = await startTestShop({ seed: false, env: { DATA_DIR: dataDir } });
  admin = await signInAdmin(shop);
});
afterAll(async () => {
  await shop?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(file: { name: string; type: string; bytes: Buffer }, field = 'file') {
  const boundary = '----deosil-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file.bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(file: { name: string; type: string; bytes: Buffer }, token: string | null = admin, field = 'file') {
  const { payload, headers } = multipart(file, field);
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/admin/uploads',
    payload,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: response.statusCode, body: response.json() as { success: boolean; url?: string; message?: string; errors?: { field: string }[] } };
}

const storedFiles = async () => readdir(path.join(dataDir, 'uploads')).catch(() => [] as string[]);

describe('POST /api/admin/uploads', () => {
  it('keeps a real PNG under a random name and serves it as image/png with a long immutable cache', async () => {
    const response = await upload({ name: 'moon.png', type: 'image/png', bytes: PNG });
    expect(response.status).toBe(201);
    expect(response.body.success).toBe(true);
    expect(response.body.url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    expect(response.body.url).not.toContain('moon');

    const served = await shop.app.inject({ method: 'GET', url: response.body.url! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const [audit] = await shop.database.db.select().from(auditLog).where(eq(auditLog.action, 'upload.create'));
    expect(audit!.details).toMatchObject({ after: { url: response.body.url, contentType: 'image/png' } });
  });

  it('judges the type by the bytes: a JPEG named .png is served as a JPEG', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);
    const response = await upload({ name: 'photo.png', type: 'image/png', bytes: jpeg });
    expect(response.body.url).toMatch(/\.jpg$/);
    expect((await shop.app.inject({ method: 'GET', url: response.body.url! })).headers['content-type']).toBe('image/jpeg');
  });

  it('refuses a text file named .png and declared image/png, keeping nothing', async () => {
    const before = await storedFiles();
    const response = await upload({ name: 'spell.png', type: 'image/png', bytes: Buffer.from('<script>alert(1)</script>') });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('The file must be a PNG, JPEG or WebP image');
    expect(response.body.errors?.[0]?.field).toBe('file');
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a file over 5 MB with a message, keeping nothing', async () => {
    const before = await storedFiles();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const response = await upload({ name: 'huge.png', type: 'image/png', bytes: big });
    expect([400, 413]).toContain(response.status);
    expect(response.body.message).toBe('The image must be 5 MB or smaller');
    expect(await storedFiles()).toEqual(before);
  });

  it('asks for the file in the field "file"', async () => {
    const response = await upload({ name: 'moon.png', type: 'image/png', bytes: PNG }, admin, 'picture');
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.field).toBe('file');
  });

  it('is for admins only', async () => {
    const { token: customer } = await registerCustomer(shop);
    const before = await storedFiles();
    expect((await upload({ name: 'moon.png', type: 'image/png', bytes: PNG }, null)).status).toBe(401);
    expect((await upload({ name: 'moon.png', type: 'image/png', bytes: PNG }, customer)).status).toBe(403);
    expect(await storedFiles()).toEqual(before);
  });
});

describe('GET /uploads/:name', () => {
  it('answers 404 for unknown names and for anything that tries to leave the folder', async () => {
    for (const url of ['/uploads/0123456789abcdef0123456789abcdef.png', '/uploads/..%2F..%2Fetc%2Fpasswd', '/uploads/notes.txt']) {
      expect((await shop.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
