/**
 * The shop's backups by name: `deosil-<UTC moment>.tar.gz` (the embedded database's data directory) or `.dump`
 * (pg_dump's custom format). The name alone tells when a backup was taken, so a directory or a bucket listing is
 * enough to sort, keep and prune them; nothing else has to be stored beside a backup.
 */
export type BackupFormat = 'tar.gz' | 'dump';

export interface NamedBackup {
  name: string;
  takenAt: Date;
}

const NAME = /^deosil-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.(tar\.gz|dump)$/;

export function backupNameFor(takenAt: Date, format: BackupFormat): string {
  return `deosil-${takenAt.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}.${format}`;
}

/** When the backup called `name` was taken, or null when `name` is not a backup's name. */
export function takenAtOf(name: string): Date | null {
  const parts = NAME.exec(name);
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second));
}

export interface Retention {
  /** The newest backup of each of the last `daily` days it was taken on. */
  daily: number;
  /** The newest backup of each of the last `monthly` months. */
  monthly: number;
}

/**
 * The backups a retention does not keep: it keeps the newest backup of each of the `daily` latest (UTC) days that
 * have one and of each of the `monthly` latest months; a backup kept by either rule stays.
 */
export function backupsBeyondRetention<T extends NamedBackup>(backups: readonly T[], retention: Retention): T[] {
  const newestFirst = [...backups].sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
  const keep = new Set<T>();
  const keepNewestOf = (periodOf: (backup: T) => string, count: number) => {
    const periods = new Set<string>();
    for (const backup of newestFirst) {
      const period = periodOf(backup);
      if (periods.has(period)) continue;
      if (periods.size === count) break;
      periods.add(period);
      keep.add(backup);
    }
  };
  keepNewestOf((backup) => backup.takenAt.toISOString().slice(0, 10), retention.daily);
  keepNewestOf((backup) => backup.takenAt.toISOString().slice(0, 7), retention.monthly);
  return newestFirst.filter((backup) => !keep.has(backup));
}

/** Where backups live in an S3 bucket: beside the uploads, each as `backups/<name>`. */
export const BUCKET_BACKUP_PREFIX = 'backups/';

/** What `npm run restore` was given: a file on this machine, or an object in the backups' bucket. */
export type RestoreSource = { kind: 'file'; path: string } | { kind: 'bucket'; bucket?: string; key: string };

/**
 * Reads the restore argument: `s3://bucket/key` names an object; with a bucket configured, a name that is no file
 * here but a backup's name (`deosil-….tar.gz`, or a key ending in one, such as `backups/deosil-….dump`) names the
 * object in the shop's bucket (a bare name under `backups/`); anything else is a file.
 */
export function restoreSourceOf(argument: string, context: { bucketConfigured: boolean; fileExists: (path: string) => boolean }): RestoreSource {
  const url = /^s3:\/\/([^/]+)\/(.+)$/.exec(argument);
  if (url) return { kind: 'bucket', bucket: url[1]!, key: url[2]! };
  const name = argument.split('/').pop() ?? '';
  if (context.bucketConfigured && !context.fileExists(argument) && takenAtOf(name)) return { kind: 'bucket', key: argument.includes('/') ? argument : `${BUCKET_BACKUP_PREFIX}${argument}` };
  return { kind: 'file', path: argument };
}
