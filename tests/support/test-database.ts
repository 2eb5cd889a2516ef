import { existsSync, readFileSync } from 'node:fs';
import { openDatabase, type DatabaseHandle } from '../../server/db/client.ts';
import { createThrowawayDatabase } from '../../server/db/throwaway-database.ts';

/**
 * A database of its own for one test file: in-memory PGlite by default, or, when TEST_DATABASE_URL is set and
 * TEST_DB=postgres, a throwaway database on that server, created here and dropped on close.
 */
export async function openTestDatabase(options: { embedded?: boolean } = {}): Promise<DatabaseHandle> {
  // `embedded`: PGlite whatever the suite, for what only the embedded database does (its data-directory backups).
  if (options.embedded || process.env.TEST_DB !== 'postgres') {
    // From the run's migrated copy when there is one (tests/support/migrated-template.ts); migrate() then finds
    // nothing to do, and applies every migration on a database started empty.
    const template = process.env.TEST_PGLITE_TEMPLATE;
    const from = template && existsSync(template) ? new Blob([readFileSync(template)]) : undefined;
    const handle = await openDatabase({ kind: 'memory', ...(from ? { from } : {}) });
    await handle.migrate();
    return handle;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const throwaway = await createThrowawayDatabase(adminUrl, 'deosil_test', process.env.TEST_PG_TEMPLATE);
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
