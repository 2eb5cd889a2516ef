import { useQuery } from '@tanstack/react-query';
import type { BackupStatusResponse } from '../../../contracts/backups.ts';
import { backupAge, backupSize } from '../../../domain/backup-freshness.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';
import { adminApi } from '../admin/index.ts';

/** The newest backup of the shop's database, with a warning the owner cannot miss when it is too old or missing. */
export function BackupPanel() {
  const status = useQuery({
    queryKey: ['admin', 'backups'],
    queryFn: ({ signal }) => adminApi<BackupStatusResponse>('/admin/backups', { signal }),
  });
  const data = status.data;
  const warning = data?.freshness === 'overdue' || data?.freshness === 'none';
  return (
    <section className={`panel p-4 ${warning ? 'border-blood/60' : ''}`} aria-labelledby="backups-title">
      <h2 id="backups-title" className="mb-3 text-sm tracking-wider text-gold uppercase">
        Backups
      </h2>
      {status.isError ? <p className="text-sm text-blood">The backups could not be read: {(status.error as Error).message}</p> : null}
      {data ? (
        <div className="space-y-2 text-sm">
          {data.newest ? (
            <p className="text-mist">
              Last backup <span className="text-gold-bright">{formatShopDate(data.newest.takenAt, 'dateTime')}</span>
              <span className="text-ash"> · {backupSize(data.newest.bytes)}</span>
            </p>
          ) : null}
          {data.freshness === 'overdue' ? (
            <p role="alert" className="text-blood">
              The last backup is {backupAge(new Date(data.newest!.takenAt), new Date())} old.{' '}
              {data.dailyAt ? `The daily backup at ${data.dailyAt} has stopped: check the shop's log and the free disk space.` : 'Take one with npm run backup.'}
            </p>
          ) : null}
          {data.freshness === 'none' ? (
            <p role="alert" className="text-blood">
              No backup has been taken yet. The first runs at {data.dailyAt} (India time); run npm run backup to take one now.
            </p>
          ) : null}
          {data.freshness === 'not-scheduled' ? (
            <p className="text-ash">This shop does not back its database up itself: use the database server&apos;s backups, or npm run backup from cron.</p>
          ) : null}
          {data.dailyAt && data.freshness === 'fresh' ? (
            <p className="text-ash">
              Taken daily at {data.dailyAt} (India time); {data.count} kept.
            </p>
          ) : null}
          {data.newest ? (
            <p className="text-ash break-all">
              Kept in <span className="text-mist">{data.location}</span>
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
