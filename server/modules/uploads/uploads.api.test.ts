import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
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

/** EXIF tag 0x8825 points at the GPS block (latitude, longitude, altitude). */
const GPS_IFD_POINTER = 0x8825;

/** The tags of an EXIF block's first directory ("Exif\0\0", then a TIFF header in either byte order). */
function exifTopLevelTags(exif: Buffer): number[] {
  const tiff = exif.subarray(6);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const directory = little ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4);
  return Array.from({ length: u16(directory) }, (_, index) => u16(directory + 2 + index * 12));
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
    // Stored re-encoded, so the bytes differ from those sent but the picture is the same.
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });

    const [audit] = await shop.database.db.select().from(auditLog).where(eq(auditLog.action, 'upload.create'));
    expect(audit!.details).toMatchObject({ after: { url: response.body.url, contentType: 'image/png' } });
  });

  it('judges the type by the bytes: a JPEG named .png is served as a JPEG', async () => {
    const jpeg = await sharp(PNG).jpeg().toBuffer();
    const response = await upload({ name: 'photo.png', type: 'image/png', bytes: jpeg });
    expect(response.body.url).toMatch(/\.jpg$/);
    const served = await shop.app.inject({ method: 'GET', url: response.body.url! });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('keeps a WebP a WebP', async () => {
    const webp = await sharp(PNG).webp().toBuffer();
    const response = await upload({ name: 'mist.webp', type: 'image/webp', bytes: webp });
    expect(response.status).toBe(201);
    const served = await shop.app.inject({ method: 'GET', url: response.body.url! });
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  });

  it('drops EXIF (GPS position included), XMP and ICC data from a photo, standing it upright first', async () => {
    // 40 × 20 landscape pixels with EXIF orientation 6 ("rotate 90° clockwise to view"): a portrait photo.
    const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#4b1d6b' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: 'Deosil Camera', Orientation: '6' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' } })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
      .withIccProfile('p3')
      .toBuffer();
    const sent = await sharp(photo).metadata();
    expect(exifTopLevelTags(sent.exif!)).toContain(GPS_IFD_POINTER);
    expect(sent.exif!.includes('Deosil Camera')).toBe(true);
    expect(sent).toMatchObject({ orientation: 6, width: 40, height: 20 });
    expect(sent.xmp).toBeDefined();
    expect(sent.icc).toBeDefined();

    const response = await upload({ name: 'shop-front.jpg', type: 'image/jpeg', bytes: photo });
    expect(response.status).toBe(201);
    const served = await shop.app.inject({ method: 'GET', url: response.body.url! });
    const kept = await sharp(served.rawPayload).metadata();
    expect(kept).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(kept.exif).toBeUndefined();
    expect(kept.xmp).toBeUndefined();
    expect(kept.icc).toBeUndefined();
    expect(kept.orientation).toBeUndefined();
    expect(served.rawPayload.includes('Deosil Camera')).toBe(false);
  });

  it('serves a PNG that carries a script after its end (a polyglot) without the script', async () => {
    const payload = '<html><script>fetch("/api/admin/users").then(r=>r.text()).then(alert)</script></html>';
    const polyglot = Buffer.concat([PNG, Buffer.from(payload)]);
    const response = await upload({ name: 'poly.png', type: 'image/png', bytes: polyglot });
    expect(response.status).toBe(201);
    const served = await shop.app.inject({ method: 'GET', url: response.body.url! });
    expect(served.rawPayload.includes('<script>')).toBe(false);
    expect(served.rawPayload.includes('fetch(')).toBe(false);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');
  });

  it('refuses a damaged image with 400 naming the file, keeping nothing', async () => {
    const before = await storedFiles();
    const damaged = Buffer.concat([PNG.subarray(0, 40), Buffer.alloc(30, 0x41)]);
    const response = await upload({ name: 'broken.png', type: 'image/png', bytes: damaged });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('The image is damaged and could not be read');
    expect(response.body.errors?.[0]?.field).toBe('file');
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a decompression bomb (a small PNG claiming 100000 × 100000 pixels) with 400 naming the file', async () => {
    const before = await storedFiles();
    // The 1×1 PNG with its header's width and height rewritten (and its checksum fixed): 10 gigapixels claimed.
    const bomb = Buffer.from(PNG);
    bomb.writeUInt32BE(100_000, 16);
    bomb.writeUInt32BE(100_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    const response = await upload({ name: 'bomb.png', type: 'image/png', bytes: bomb });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('The image must be at most 36 megapixels');
    expect(response.body.errors?.[0]?.field).toBe('file');
    expect(await storedFiles()).toEqual(before);
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
