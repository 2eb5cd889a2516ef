import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupStatusResponseSchema, type BackupStatusResponse } from '../../contracts/backups.ts';
import { backupFreshness } from '../../domain/backup-freshness.ts';
import { listBackups } from './database-backups.ts';
import { requirePermission } from '../modules/accounts/auth-plugin.ts';

/** The newest backup in `dir` and whether it is as recent as it should be. */
export function backupStatusOf(dir: string, dailyAt: string | null, now: Date): BackupStatusResponse {
  const backups = listBackups(dir);
  const newest = backups[0];
  return {
    success: true,
    freshness: backupFreshness(newest?.takenAt, dailyAt !== null, now),
    newest: newest ? { name: path.basename(newest.file), takenAt: newest.takenAt.toISOString(), bytes: newest.bytes } : null,
    count: backups.length,
    dailyAt,
  };
}

/**
 * Under /api/admin (the auth plugin guards it): the back office's backup panel. `dailyAt` is the daily backup's
 * time when this shop takes its own (the embedded database with BACKUP_TIME set), else null.
 */
export const backupRoutes =
  (settings: { dir: string; dailyAt: string | null }, clock: () => Date): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/admin/backups', { onRequest: requirePermission('settings.write'), schema: { response: { 200: backupStatusResponseSchema } } }, async () => backupStatusOf(settings.dir, settings.dailyAt, clock()));
  };
