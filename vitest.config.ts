import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['domain/**/*.test.ts', 'scripts/**/*.test.ts', 'contracts/**/*.test.ts', 'server/**/*.test.ts', 'app/**/*.test.{ts,tsx}'],
    // Files named *.pg.test.ts exercise what only a PostgreSQL server has (connections to lose, other backends);
    // the PostgreSQL suite (TEST_DB=postgres) runs them, the PGlite suite leaves them out.
    exclude: process.env.TEST_DB === 'postgres' ? configDefaults.exclude : [...configDefaults.exclude, '**/*.pg.test.ts'],
    environment: 'node',
    // Each API file boots its own PGlite; two cores run two at a time without starving each other.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
