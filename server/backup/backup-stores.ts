import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { CompletedPart } from '@aws-sdk/client-s3';
import { BUCKET_BACKUP_PREFIX, takenAtOf } from '../../domain/backup-retention.ts';
import type { S3Settings } from '../modules/uploads/upload-storage.ts';
import { lazyS3Client } from '../modules/uploads/s3-sdk.ts';

export interface StoredBackup {
  name: string;
  bytes: number;
  takenAt: Date;
}

/**
 * Where the shop's backups are kept: a directory (BACKUP_DIR) or, with S3_BUCKET set, the bucket under `backups/`.
 * A backup is written from a stream and appears whole or not at all: a file is written aside and renamed, an
 * object is only visible once its upload completes.
 */
export interface BackupStore {
  /** For people: `/var/lib/deosil/backups` or `s3://bucket/backups/`. */
  readonly location: string;
  /** Writes `source` as the backup `name`; resolves with its size in bytes. A failing source leaves nothing. */
  write(name: string, source: Readable): Promise<number>;
  /** The backups kept, newest first. */
  list(): Promise<StoredBackup[]>;
  remove(name: string): Promise<void>;
  close(): void;
}

const newestFirst = (a: StoredBackup, b: StoredBackup) => b.takenAt.getTime() - a.takenAt.getTime();

/** BACKUP_DIR on this machine. */
export class DirectoryBackups implements BackupStore {
  constructor(private readonly dir: string) {}

  get location(): string {
    return this.dir;
  }

  async write(name: string, source: Readable): Promise<number> {
    await mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, name);
    const partial = `${file}.partial`;
    try {
      await pipeline(source, createWriteStream(partial));
      await rename(partial, file);
    } finally {
      await rm(partial, { force: true });
    }
    return (await stat(file)).size;
  }

  async list(): Promise<StoredBackup[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const backups = await Promise.all(
      names.map(async (name) => {
        const takenAt = takenAtOf(name);
        return takenAt ? [{ name, takenAt, bytes: (await stat(path.join(this.dir, name))).size }] : [];
      }),
    );
    return backups.flat().sort(newestFirst);
  }

  async remove(name: string): Promise<void> {
    await rm(path.join(this.dir, name), { force: true });
  }

  close(): void {}
}

/**
 * S3 parts are at least 5 MiB (all but the last); 8 MiB parts keep at most one part in memory at a time and
 * allow archives up to 80 GB within S3's 10,000 parts.
 */
export const PART_BYTES = 8 * 1024 * 1024;

/** The S3 bucket (or S3-compatible store) of the uploads, under `backups/`. */
export class BucketBackups implements BackupStore {
  private readonly s3: ReturnType<typeof lazyS3Client>;

  constructor(private readonly settings: Pick<S3Settings, 'bucket' | 'endpoint' | 'region' | 'credentials' | 'forcePathStyle'>) {
    this.s3 = lazyS3Client(settings);
  }

  get location(): string {
    return `s3://${this.settings.bucket}/${BUCKET_BACKUP_PREFIX}`;
  }

  async write(name: string, source: Readable): Promise<number> {
    const Bucket = this.settings.bucket;
    const Key = `${BUCKET_BACKUP_PREFIX}${name}`;
    const parts = source.pipe(partsOf(PART_BYTES));
    source.once('error', (error) => parts.destroy(error));
    try {
      return await this.upload(Bucket, Key, parts[Symbol.asyncIterator]());
    } finally {
      // Whatever stopped the upload, the source stops too (pg_dump would otherwise wait on a full pipe).
      source.destroy();
      parts.destroy();
    }
  }

  private async upload(Bucket: string, Key: string, iterator: AsyncIterator<unknown>): Promise<number> {
    const { sdk, client } = await this.s3.get();
    const first = await iterator.next();
    const firstPart: Buffer = first.done ? Buffer.alloc(0) : (first.value as Buffer);
    const second = first.done ? first : await iterator.next();
    if (second.done) {
      // A small archive (most shops' for years) is one plain upload.
      await client.send(new sdk.PutObjectCommand({ Bucket, Key, Body: firstPart, ContentType: 'application/octet-stream' }));
      return firstPart.length;
    }
    const { UploadId } = await client.send(new sdk.CreateMultipartUploadCommand({ Bucket, Key, ContentType: 'application/octet-stream' }));
    const completed: CompletedPart[] = [];
    let bytes = 0;
    const uploadPart = async (body: Buffer) => {
      const PartNumber = completed.length + 1;
      const { ETag } = await client.send(new sdk.UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body: body }));
      completed.push({ ETag, PartNumber });
      bytes += body.length;
    };
    try {
      await uploadPart(firstPart);
      await uploadPart(second.value as Buffer);
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) await uploadPart(next.value as Buffer);
      await client.send(new sdk.CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: completed } }));
    } catch (error) {
      // The parts uploaded so far are billed until the upload is aborted.
      await client.send(new sdk.AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => undefined);
      throw error;
    }
    return bytes;
  }

  async list(): Promise<StoredBackup[]> {
    const { sdk, client } = await this.s3.get();
    const backups: StoredBackup[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: BUCKET_BACKUP_PREFIX, ContinuationToken }));
      for (const object of page.Contents ?? []) {
        const name = object.Key!.slice(BUCKET_BACKUP_PREFIX.length);
        const takenAt = takenAtOf(name);
        if (takenAt) backups.push({ name, takenAt, bytes: object.Size ?? 0 });
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return backups.sort(newestFirst);
  }

  async remove(name: string): Promise<void> {
    const { sdk, client } = await this.s3.get();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: `${BUCKET_BACKUP_PREFIX}${name}` }));
  }

  /** Copies the object `key` (in `bucket`, else the shop's) into `file`, streamed. */
  async download({ bucket, key }: { bucket?: string; key: string }, file: string): Promise<void> {
    const { sdk, client } = await this.s3.get();
    const Bucket = bucket ?? this.settings.bucket;
    const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key })).catch((error: Error) => {
      throw error.name === 'NoSuchKey' ? new Error(`There is no backup at s3://${Bucket}/${key}.`) : error;
    });
    await pipeline(object.Body as Readable, createWriteStream(file));
  }

  close(): void {
    this.s3.destroy();
  }
}

/** Re-chunks a byte stream into `size`-byte buffers (the last one shorter), holding at most one of them. */
function partsOf(size: number): Transform {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  return new Transform({
    readableObjectMode: true,
    // Backpressure: the uploader takes one part at a time, so the source waits while a part is on its way.
    readableHighWaterMark: 1,
    transform(chunk: Buffer, _encoding, done) {
      let rest = chunk;
      while (pendingBytes + rest.length >= size) {
        const take = size - pendingBytes;
        pending.push(rest.subarray(0, take));
        this.push(Buffer.concat(pending));
        rest = rest.subarray(take);
        pending = [];
        pendingBytes = 0;
      }
      if (rest.length > 0) {
        pending.push(rest);
        pendingBytes += rest.length;
      }
      done();
    },
    flush(done) {
      if (pendingBytes > 0) this.push(Buffer.concat(pending));
      done();
    },
  });
}

/** The bucket under `backups/` when S3_BUCKET is set, else BACKUP_DIR. */
export function backupStoreOf(config: { backups: { dir: string }; s3?: S3Settings }): BackupStore {
  return config.s3 ? new BucketBackups(config.s3) : new DirectoryBackups(config.backups.dir);
}

/**
 * When the store's newest backup was taken, read at most once per `maxAgeMs`: every process is scraped, often by
 * more than one Prometheus, and a bucket's listing is a billed request; an age is read in hours.
 */
export function newestBackupAt(store: Pick<BackupStore, 'list'>, maxAgeMs = 60_000, now = Date.now): () => Promise<Date | undefined> {
  let read: { at: number; takenAt: Promise<Date | undefined> } | undefined;
  return () => {
    if (!read || now() - read.at >= maxAgeMs) read = { at: now(), takenAt: store.list().then((backups) => backups[0]?.takenAt) };
    return read.takenAt;
  };
}
