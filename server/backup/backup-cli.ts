// `npm run backup` and `npm run restore SOURCE`: a backup of the shop's database into BACKUP_DIR (or the S3 bucket
// under backups/ when S3_BUCKET is set) now, or one put back into an empty DATA_DIR (or an empty DATABASE_URL
// database) from a file, an s3:// address or a backup's name in the bucket. One line on success, one line and
// exit code 1 on failure.
import path from 'node:path';
import { loadConfigOrExit } from '../config.ts';
import { openDatabase, targetOf } from '../db/client.ts';
import { startFailureOf } from '../start-failure.ts';
import { backupStoreOf } from './backup-stores.ts';
import { restoreFrom, takeBackup } from './database-backups.ts';

const [command, argument] = process.argv.slice(2);
const config = loadConfigOrExit();

async function backUp(): Promise<void> {
  const database = await openDatabase(targetOf(config));
  const store = backupStoreOf(config);
  try {
    const backup = await takeBackup(database, store);
    console.info(`Backed up the database to ${backup.location} (${(backup.bytes / 1024 / 1024).toFixed(1)} MiB).`);
  } finally {
    store.close();
    await database.close();
  }
}

async function restore(): Promise<void> {
  if (!argument) {
    console.error('Name the backup to restore: npm run restore -- FILE, s3://BUCKET/KEY, or a backup name in S3_BUCKET');
    process.exit(1);
  }
  const target = { pgliteDir: path.join(config.dataDir, 'pglite'), databaseUrl: config.databaseUrl };
  await restoreFrom(argument, { s3: config.s3, target });
  console.info(`Restored ${argument} into ${config.databaseUrl ? 'the database at DATABASE_URL' : target.pgliteDir}; start the shop to use it.`);
}

try {
  await (command === 'restore' ? restore() : backUp());
} catch (error) {
  // An operator's command: whatever stopped it, in one line.
  console.error(startFailureOf(error, config) ?? (error instanceof Error ? error.message : String(error)));
  process.exit(1);
}
