import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupStatusResponseSchema, type BackupStatusResponse } from '../../contracts/backups.ts';
import { backupFreshness } from '../../domain/backup-freshness.ts';
import type { BackupStore } from './backup-stores.ts';
import { requirePermission } from '../modules/accounts/auth-plugin.ts';

/** The store's newest backup and whether it is as recent as it should be. */
export async function backupStatusOf(store: BackupStore, dailyAt: string | null, now: Date): Promise<BackupStatusResponse> {
  const backups = await store.list();
  const newest = backups[0];
  return {
    success: true,
    freshness: backupFreshness(newest?.takenAt, dailyAt !== null, now),
    newest: newest ? { name: newest.name, takenAt: newest.takenAt.toISOString(), bytes: newest.bytes } : null,
    count: backups.length,
    dailyAt,
    location: store.location,
  };
}

/**
 * Under /api/admin (the auth plugin guards it): the back office's backup panel. `dailyAt` is the daily backup's
 * time when this shop takes its own (the embedded database with BACKUP_TIME set), else null.
 */
export const backupRoutes =
  (settings: { store: BackupStore; dailyAt: string | null }, clock: () => Date): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/admin/backups', { onRequest: requirePermission('settings.write'), schema: { response: { 200: backupStatusResponseSchema } } }, async () => backupStatusOf(settings.store, settings.dailyAt, clock()));
  };
