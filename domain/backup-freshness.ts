/**
 * Whether the shop's newest backup is as recent as it should be. A daily backup is due once a day; a day and two
 * hours leaves room for a backup that ran late or took a while before the owner is told something is wrong.
 */
export const BACKUP_OVERDUE_AFTER_MS = 26 * 60 * 60 * 1000;

export type BackupFreshness =
  /** The newest backup is less than a day and two hours old. */
  | 'fresh'
  /** There are backups, but the newest is older than that: the daily backup has stopped working. */
  | 'overdue'
  /** Daily backups are due and none has been taken yet (a shop younger than a day has none). */
  | 'none'
  /** The shop takes no backups of its own (PostgreSQL, or BACKUP_TIME=off) and none is in BACKUP_DIR. */
  | 'not-scheduled';

/** `newest`: when the newest backup was taken; `scheduled`: whether the shop backs itself up every day. */
export function backupFreshness(newest: Date | undefined, scheduled: boolean, now: Date): BackupFreshness {
  if (!newest) return scheduled ? 'none' : 'not-scheduled';
  return now.getTime() - newest.getTime() > BACKUP_OVERDUE_AFTER_MS ? 'overdue' : 'fresh';
}

/** How old a backup is, in whole hours under two days and whole days after: '5 hours', '3 days'. */
export function backupAge(takenAt: Date, now: Date): string {
  const hours = Math.max(0, Math.floor((now.getTime() - takenAt.getTime()) / 3_600_000));
  if (hours < 48) return hours === 1 ? '1 hour' : `${hours} hours`;
  return `${Math.floor(hours / 24)} days`;
}

/** A backup's size as an owner reads it: '840 KB', '12.4 MB' (decimal units, as file managers show them). */
export function backupSize(bytes: number): string {
  if (bytes < 1_000_000) return `${Math.max(1, Math.round(bytes / 1000))} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
