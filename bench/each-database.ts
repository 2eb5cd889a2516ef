import { openDatabase, type DatabaseHandle } from '../server/db/client.ts';
import { createThrowawayDatabase } from '../server/db/throwaway-database.ts';

/**
 * Runs a bench on the embedded database, then, when DATABASE_URL is set, on a throwaway PostgreSQL database
 * named `throwawayName` that is dropped afterwards: the outboxes' benches compare the two in one run.
 */
export async function onEachDatabase(throwawayName: string, bench: (label: string, database: DatabaseHandle) => Promise<void>): Promise<void> {
  const pglite = await openDatabase({ kind: 'memory' });
  try {
    await bench('PGlite', pglite);
  } finally {
    await pglite.close();
  }
  if (!process.env.DATABASE_URL) return;
  const throwaway = await createThrowawayDatabase(process.env.DATABASE_URL, throwawayName);
  const postgres = await openDatabase({ kind: 'postgres', url: throwaway.url });
  try {
    await bench('PostgreSQL', postgres);
  } finally {
    await postgres.close();
    await throwaway.drop();
  }
}
