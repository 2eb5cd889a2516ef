import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Tests that start the shop's own processes on the embedded database whatever TEST_DB says (signals, start-up
 * messages and failures, .env, the data-directory lock, the job queue's stop): the PostgreSQL suite would only run
 * them a second time, and their PostgreSQL side has its own *.pg.test.ts files.
 */
const EMBEDDED_ONLY = [
  'server/stop-on-signals.test.ts',
  'server/opening-lines.test.ts',
  'server/start-failure.test.ts',
  'server/config-files.test.ts',
  'server/db/data-dir-lock.test.ts',
  'server/jobs/job-queue-stop.test.ts',
  'server/jobs/job-queue-settings.test.ts',
];

export default defineConfig({
  test: {
    include: ['domain/**/*.test.ts', 'scripts/**/*.test.ts', 'contracts/**/*.test.ts', 'server/**/*.test.ts', 'app/**/*.test.{ts,tsx}'],
    // Files named *.pg.test.ts exercise what only a PostgreSQL server has (connections to lose, other backends);
    // the PostgreSQL suite (TEST_DB=postgres) runs them, the PGlite suite leaves them out.
    exclude: process.env.TEST_DB === 'postgres' ? [...configDefaults.exclude, ...EMBEDDED_ONLY] : [...configDefaults.exclude, '**/*.pg.test.ts'],
    environment: 'node',
    // One migrated embedded database, copied by each test file instead of migrating its own.
    globalSetup: ['tests/support/migrated-template.ts'],
    // Each API file boots its own PGlite; two cores run two at a time without starving each other.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
