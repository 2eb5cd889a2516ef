import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import type { JobsTuning } from '../../server/jobs/shop-jobs.ts';
import { loadConfig } from '../../server/config.ts';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { seedCatalogueIfEmpty } from '../../server/db/seed/seed-catalogue.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestShop {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The whole API on a fresh database, driven through `app.inject`. */
/** Jobs in tests: quick polls and retries without waiting, so a retried e-mail arrives in a second or two. */
export const TEST_JOBS: JobsTuning = {
  timing: { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, cronMonitorIntervalSeconds: 1 },
  mail: { retryLimit: 3, retryDelaySeconds: 0, retryBackoff: false, leaseSeconds: 5 },
};

export async function startTestShop(
  options: { seed?: boolean; embedded?: boolean; clock?: () => Date; env?: Record<string, string>; jobs?: JobsTuning; logStream?: { write(line: string): void }; pages?: 'production' } = {},
): Promise<TestShop> {
  const database = await openTestDatabase({ embedded: options.embedded });
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', JOBS_IN_WEB: 'false', ...options.env });
  if (options.seed ?? true) await seedCatalogueIfEmpty(database.db, new Date(), config.declarationDefaults);
  const app = await buildApp({ config, database, clock: options.clock, jobs: options.jobs ?? TEST_JOBS, logStream: options.logStream, pages: options.pages ?? false });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
