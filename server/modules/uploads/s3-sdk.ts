import type * as S3 from '@aws-sdk/client-s3';
import type { S3Settings } from './upload-storage.ts';

export type S3Sdk = typeof S3;

let loading: Promise<S3Sdk> | undefined;

/**
 * The AWS SDK's S3 client, imported on first use: a few hundred milliseconds of every start and several MiB of
 * resident memory that a shop without S3_BUCKET never needs, and one with it needs only at its first upload or backup.
 */
export function s3Sdk(): Promise<S3Sdk> {
  return (loading ??= import('@aws-sdk/client-s3'));
}

/** A client for `settings`, made once per holder on first use; the SDK comes with it. */
export function lazyS3Client(settings: Pick<S3Settings, 'endpoint' | 'region' | 'credentials' | 'forcePathStyle'>): {
  get(): Promise<{ sdk: S3Sdk; client: S3.S3Client }>;
  destroy(): void;
} {
  let made: { sdk: S3Sdk; client: S3.S3Client } | undefined;
  return {
    async get() {
      const sdk = await s3Sdk();
      made ??= { sdk, client: new sdk.S3Client({ region: settings.region, endpoint: settings.endpoint, forcePathStyle: settings.forcePathStyle, credentials: settings.credentials }) };
      return made;
    },
    destroy() {
      made?.client.destroy();
    },
  };
}
