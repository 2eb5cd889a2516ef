import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { returnPhotoUploads } from '../../db/schema/index.ts';
import type { Transaction } from '../../jobs/sql-executor.ts';
import type { UploadStorage } from './upload-storage.ts';

/** How long an uploaded return photo waits for the return request that uses it before it is removed. */
export const RETURN_PHOTO_KEPT_MS = 24 * 3600_000;
/** The pg-boss queue whose schedule removes return photos that no return request claimed within a day. */
export const STRAY_RETURN_PHOTOS_QUEUE = 'stray-return-photos';
/** Hourly: a stray photo is kept a day and at most an hour longer. */
export const STRAY_RETURN_PHOTOS_CRON = '23 * * * *';
/** The hourly job removes at most this many at a time; the next hour takes the rest. */
const STRAY_BATCH = 500;

const nameOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

/** Notes a customer's upload as waiting for its return request. */
export async function recordReturnPhoto(db: Database, userId: string, name: string): Promise<void> {
  await db.insert(returnPhotoUploads).values({ userId, name });
}

/**
 * In the return request's transaction: the photos become the return's. False when any of them is not this
 * customer's waiting upload (someone else's, already used, or removed after its day), and then none is claimed
 * once the caller refuses the request.
 */
export async function claimReturnPhotos(tx: Transaction, userId: string, urls: readonly string[]): Promise<boolean> {
  if (urls.length === 0) return true;
  const names = [...new Set(urls.map(nameOf))];
  const claimed = await tx
    .delete(returnPhotoUploads)
    .where(and(eq(returnPhotoUploads.userId, userId), inArray(returnPhotoUploads.name, names)))
    .returning({ name: returnPhotoUploads.name });
  return claimed.length === names.length && names.length === urls.length;
}

/**
 * Removes the photos uploaded more than a day before `now` that no return request claimed: each one's row and
 * file together, the file while the row is locked, so a return request claiming it at that moment waits and then
 * finds it gone (and says so) rather than pointing at a removed file. Returns how many went.
 */
export async function removeStrayReturnPhotos(db: Database, storage: UploadStorage, now: Date): Promise<number> {
  const stray = await db
    .select({ name: returnPhotoUploads.name })
    .from(returnPhotoUploads)
    .where(lt(returnPhotoUploads.createdAt, new Date(now.getTime() - RETURN_PHOTO_KEPT_MS)))
    .limit(STRAY_BATCH);
  let removed = 0;
  for (const { name } of stray) {
    removed += await db.transaction(async (tx) => {
      const [gone] = await tx.delete(returnPhotoUploads).where(eq(returnPhotoUploads.name, name)).returning({ name: returnPhotoUploads.name });
      if (!gone) return 0;
      // A failed removal rolls the row back: the next run tries again.
      await storage.remove(name);
      return 1;
    });
  }
  return removed;
}
