// `npm run backup` and `npm run restore FILE`: a backup of the shop's database into BACKUP_DIR now, or one put back
// into an empty DATA_DIR (or an empty DATABASE_URL database). One line on success, one line and exit code 1 on
// failure.
import path from 'node:path';
import { loadConfigOrExit } from '../config.ts';
import { openDatabase, targetOf } from '../db/client.ts';
import { startFailureOf } from '../start-failure.ts';
import { restoreBackup, takeBackup } from './database-backups.ts';

const [command, file] = process.argv.slice(2);
const config = loadConfigOrExit();

async function backUp(): Promise<void> {
  const database = await openDatabase(targetOf(config));
  try {
    const backup = await takeBackup(database, config.backups.dir);
    console.info(`Backed up the database to ${backup.file} (${(backup.bytes / 1024 / 1024).toFixed(1)} MiB).`);
  } finally {
    await database.close();
  }
}

async function restore(): Promise<void> {
  if (!file) {
    console.error('Name the backup to restore: npm run restore -- FILE');
    process.exit(1);
  }
  await restoreBackup(path.resolve(file), { pgliteDir: path.join(config.dataDir, 'pglite'), databaseUrl: config.databaseUrl });
  console.info(`Restored ${file} into ${config.databaseUrl ? 'the database at DATABASE_URL' : path.join(config.dataDir, 'pglite')}; start the shop to use it.`);
}

try {
  await (command === 'restore' ? restore() : backUp());
} catch (error) {
  // An operator's command: whatever stopped it, in one line.
  console.error(startFailureOf(error, config) ?? (error instanceof Error ? error.message : String(error)));
  process.exit(1);
}
