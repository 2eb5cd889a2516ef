import { z } from 'zod';

export const BACKUP_FRESHNESS = ['fresh', 'overdue', 'none', 'not-scheduled'] as const;

/** The back office's view of the shop's backups in BACKUP_DIR or the S3 bucket (domain/backup-freshness.ts judges `freshness`). */
export const backupStatusResponseSchema = z.object({
  success: z.literal(true),
  freshness: z.enum(BACKUP_FRESHNESS),
  /** The newest backup: its file name, when it was taken (ISO instant) and its size in bytes; null when there is none. */
  newest: z.object({ name: z.string(), takenAt: z.string(), bytes: z.number().int() }).nullable(),
  /** Backups kept now. */
  count: z.number().int(),
  /** The daily backup's time of day (shop time, HH:MM); null when the shop takes no backups of its own. */
  dailyAt: z.string().nullable(),
  /** Where the backups are kept: BACKUP_DIR's path, or `s3://bucket/backups/`. */
  location: z.string(),
});
export type BackupStatusResponse = z.infer<typeof backupStatusResponseSchema>;
