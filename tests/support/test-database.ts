import { openDatabase, type DatabaseHandle } from '../../server/db/client.ts';
import { createThrowawayDatabase } from '../../server/db/throwaway-database.ts';

/**
 * A database of its own for one test file: in-memory PGlite by default, or, when TEST_DATABASE_URL is set and
 * TEST_DB=postgres, a throwaway database on that server, created here and dropped on close.
 */
export async function openTestDatabase(options: { embedded?: boolean } = {}): Promise<DatabaseHandle> {
  // `embedded`: PGlite whatever the suite, for what only the embedded database does (its data-directory backups).
  if (options.embedded || process.env.TEST_DB !== 'postgres') {
    const handle = await openDatabase({ kind: 'memory' });
    await handle.migrate();
    return handle;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const throwaway = await createThrowawayDatabase(adminUrl, 'deosil_test');
  const handle = await openDatabase({ kind: 'postgres', url: throwaway.url, poolSize: 5 });
  await handle.migrate();
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await throwaway.drop();
    },
  };
}
