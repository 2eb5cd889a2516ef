import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { lazyS3Client } from './s3-sdk.ts';

export interface StoredFile {
  body: Readable;
  size?: number;
}

/**
 * Where uploaded files live: the shop's disk for one machine, S3-compatible object storage when several
 * processes or machines serve the shop. Files are named by the caller (random names, never reused), so a name
 * always means the same bytes. Product pictures and return photos both go through this one interface, and the
 * shop serves both kinds under its own `/uploads/…` URLs whichever storage holds them.
 */
export interface UploadStorage {
  readonly kind: 'disk' | 's3';
  save(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The stored file, or null when there is none by that name. */
  open(name: string): Promise<StoredFile | null>;
  remove(name: string): Promise<void>;
}

/** `DATA_DIR/uploads`: one machine's disk. */
export class DiskStorage implements UploadStorage {
  readonly kind = 'disk';

  constructor(private readonly directory: string) {}

  async save(name: string, bytes: Buffer): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    // 'wx': a name is never written twice.
    await writeFile(path.join(this.directory, name), bytes, { flag: 'wx' });
  }

  async open(name: string): Promise<StoredFile | null> {
    const file = path.join(this.directory, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    return { body: createReadStream(file), size: info.size };
  }

  async remove(name: string): Promise<void> {
    await rm(path.join(this.directory, name), { force: true });
  }
}

export interface S3Settings {
  bucket: string;
  /** An S3-compatible server's address (MinIO, R2, Spaces…); AWS's own when unset. */
  endpoint?: string;
  region: string;
  /** Without them the SDK's own chain applies (environment, instance role…). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Key prefix inside the bucket, so the shop can share one. */
  prefix: string;
  /** Bucket in the path (`endpoint/bucket/key`) rather than the host name, as most S3-compatible servers want. */
  forcePathStyle: boolean;
}

/** An S3 bucket (or any S3-compatible store) under `prefix`. */
export class S3Storage implements UploadStorage {
  readonly kind = 's3';
  private readonly s3: ReturnType<typeof lazyS3Client>;

  constructor(private readonly settings: S3Settings) {
    this.s3 = lazyS3Client(settings);
  }

  private key(name: string): string {
    return `${this.settings.prefix}${name}`;
  }

  async save(name: string, bytes: Buffer, contentType: string): Promise<void> {
    const { sdk, client } = await this.s3.get();
    await client.send(
      new sdk.PutObjectCommand({ Bucket: this.settings.bucket, Key: this.key(name), Body: bytes, ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable' }),
    );
  }

  async open(name: string): Promise<StoredFile | null> {
    const { sdk, client } = await this.s3.get();
    try {
      const object = await client.send(new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(name) }));
      return { body: object.Body as Readable, size: object.ContentLength };
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || (error as Error).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async remove(name: string): Promise<void> {
    const { sdk, client } = await this.s3.get();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(name) }));
  }

  destroy(): void {
    this.s3.destroy();
  }
}

/** S3 when S3_BUCKET is set, else `DATA_DIR/uploads`. */
export function uploadStorageOf(config: { dataDir: string; s3?: S3Settings }): UploadStorage {
  return config.s3 ? new S3Storage(config.s3) : new DiskStorage(path.join(config.dataDir, 'uploads'));
}
