import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { createThrowawayDatabase } from '../db/throwaway-database.ts';
import { call, registerCustomer, signInAdmin } from '../../tests/support/accounts.ts';
import { placeOrder } from '../../tests/support/checkout.ts';
import { contentsOf } from '../../tests/support/database-contents.ts';
import { startTestShop, type TestShop } from '../../tests/support/test-app.ts';
import { BucketBackups, PART_BYTES } from './backup-stores.ts';
import { pruneBackups, restoreFrom, takeBackup } from './database-backups.ts';

// Backups in an S3 bucket, against a real S3-compatible server (s3rver) on a free port: the same HTTP API,
// multipart uploads, listings and errors the SDK meets on AWS, MinIO or R2. On either database (TEST_DB).
const BUCKET = 'deosil-shop';
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
let s3Directory: string;
let dataDir: string;
let s3server: S3rver;
let endpoint: string;
let settings: ConstructorParameters<typeof BucketBackups>[0] & { prefix: string };
let shop: TestShop;
let client: S3Client;

beforeAll(async () => {
  s3Directory = await mkdtemp(path.join(tmpdir(), 'deosil-s3-backups-'));
  dataDir = await mkdtemp(path.join(tmpdir(), 'deosil-s3-backups-data-'));
  s3server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Directory, configureBuckets: [{ name: BUCKET }] });
  const { port } = await s3server.run();
  endpoint = `http://127.0.0.1:${port}`;
  settings = { bucket: BUCKET, endpoint, region: 'us-east-1', forcePathStyle: true, credentials, prefix: 'uploads/' };
  client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  shop = await startTestShop({
    env: { DATA_DIR: dataDir, BACKUP_TIME: '03:30', S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
  });
});
afterAll(async () => {
  client?.destroy();
  await shop?.close();
  await s3server?.close();
  await rm(s3Directory, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

const digestOf = async (stream: AsyncIterable<Uint8Array>) => {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: hash.digest('hex'), bytes };
};

/** `total` bytes of a repeatable pattern, made as they are read; fails with `failAt` bytes read when given. */
function patternStream(total: number, failAt?: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (failAt !== undefined && sent >= failAt) return this.destroy(new Error('the dump broke off'));
      if (sent >= total) return this.push(null);
      const chunk = Buffer.alloc(Math.min(1 << 20, total - sent), sent % 251);
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

describe('backups in an S3 bucket', () => {
  it('a shop with orders, backed up to the bucket and restored elsewhere from it, has every table with the same rows', async () => {
    const { token } = await registerCustomer(shop);
    await placeOrder(shop, token, [{ productId: 1, size: '50ml', quantity: 2 }]);
    await placeOrder(shop, token, [{ productId: 2, size: '30ml', quantity: 1 }]);
    const before = await contentsOf(shop.database);
    expect(before['public.orders']).toMatch(/^2 rows /);

    const store = new BucketBackups(settings);
    const backup = await takeBackup(shop.database, store);
    store.close();
    const key = `backups/${backup.name}`;
    expect(backup.location).toBe(`s3://${BUCKET}/${key}`);
    const stored = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(stored.ContentLength).toBe(backup.bytes);
    expect(backup.bytes).toBeGreaterThan(1000);
    // Nothing on the shop's own disk.
    expect(await readdir(path.join(dataDir, 'backups')).catch(() => [])).toEqual([]);

    let restored: DatabaseHandle;
    let cleanUp: () => Promise<void>;
    if (shop.database.driver === 'pglite') {
      const restoredDir = path.join(dataDir, 'restored');
      await restoreFrom(`s3://${BUCKET}/${key}`, { s3: settings, target: { pgliteDir: path.join(restoredDir, 'pglite') } });
      restored = await openDatabase({ kind: 'pglite', dataDir: restoredDir });
      cleanUp = () => restored.close();
    } else {
      const target = await createThrowawayDatabase(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'deosil_restored');
      // A backup's bare name is looked up in the shop's bucket.
      await restoreFrom(backup.name, { s3: settings, target: { databaseUrl: target.url } });
      restored = await openDatabase({ kind: 'postgres', url: target.url, poolSize: 2 });
      cleanUp = async () => {
        await restored.close();
        await target.drop();
      };
    }
    try {
      expect(await contentsOf(restored)).toEqual(before);
    } finally {
      await cleanUp();
    }
    // Opening a second embedded database from its archive takes a while on a busy machine.
  }, 120_000);

  it("shows the bucket's newest backup in the back office and its age in /metrics", async () => {
    const admin = await signInAdmin(shop);
    const panel = await call(shop, 'GET', '/api/admin/backups', { token: admin });
    expect(panel.status).toBe(200);
    expect(panel.body).toMatchObject({ freshness: 'fresh', count: 1, location: `s3://${BUCKET}/backups/`, newest: { name: expect.stringMatching(/^deosil-\d{8}T\d{6}Z\.(tar\.gz|dump)$/) } });

    const metrics = await shop.app.inject({ method: 'GET', url: '/metrics' });
    const age = Number(/^shop_last_backup_age_seconds (\d+)$/m.exec(metrics.body)?.[1]);
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(3600);
  });

  it('uploads an archive larger than a part in parts, whole, and leaves nothing of one whose source fails', async () => {
    const store = new BucketBackups(settings);
    try {
      const total = 2 * PART_BYTES + 123_457;
      const written = await store.write('deosil-20261001T033000Z.dump', patternStream(total));
      expect(written).toBe(total);
      const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'backups/deosil-20261001T033000Z.dump' }));
      expect(await digestOf(object.Body as Readable)).toEqual(await digestOf(patternStream(total)));

      await expect(store.write('deosil-20261002T033000Z.dump', patternStream(3 * PART_BYTES, PART_BYTES + 5))).rejects.toThrow('the dump broke off');
      await expect(store.write('deosil-20261003T033000Z.dump', patternStream(PART_BYTES, 1000))).rejects.toThrow('the dump broke off');
      const names = (await store.list()).map((backup) => backup.name);
      expect(names).toContain('deosil-20261001T033000Z.dump');
      expect(names).not.toContain('deosil-20261002T033000Z.dump');
      expect(names).not.toContain('deosil-20261003T033000Z.dump');
    } finally {
      store.close();
    }
  });

  it("applies the retention to the bucket's backups and leaves its other objects alone", async () => {
    const store = new BucketBackups(settings);
    try {
      for (const name of ['deosil-20260930T033000Z.tar.gz', 'deosil-20261031T033000Z.tar.gz', 'deosil-20261030T033000Z.tar.gz']) {
        await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `backups/${name}`, Body: 'x' }));
      }
      await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'backups/notes.txt', Body: 'not a backup' }));
      await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'uploads/deosil-20200101T000000Z.dump', Body: 'not under backups/' }));
      const newest = (await store.list())[0]!.name;

      const removed = await pruneBackups(store, { daily: 1, monthly: 2 });

      expect(removed.sort()).toEqual(['deosil-20260930T033000Z.tar.gz', 'deosil-20261001T033000Z.dump', 'deosil-20261030T033000Z.tar.gz']);
      expect((await store.list()).map((backup) => backup.name)).toEqual([newest, 'deosil-20261031T033000Z.tar.gz']);
      expect((await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'backups/notes.txt' }))).ContentLength).toBe(12);
      expect((await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'uploads/deosil-20200101T000000Z.dump' }))).ContentLength).toBe(18);
    } finally {
      store.close();
    }
  });

  it('names a backup missing from the bucket in one sentence', async () => {
    await expect(restoreFrom('deosil-20200101T000000Z.tar.gz', { s3: settings, target: { pgliteDir: path.join(dataDir, 'never') } })).rejects.toThrow(
      `There is no backup at s3://${BUCKET}/backups/deosil-20200101T000000Z.tar.gz.`,
    );
  });
});
