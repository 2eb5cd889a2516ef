// `npm test`: every suite in order — types, lint, unit + API on PGlite, API on PostgreSQL, E2E in Chromium —
// then one closing line with the totals. Any failure, or any skipped test, fails the run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { postgresAnswers } from '../server/db/throwaway-database.ts';

const REPORTS = 'test-results/reports';
const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures: string[] = [];

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failures.push(label);
  return result.status === 0;
}

function countVitest(file: string) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

function countPlaywright(file: string) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
  totals.passed += report.stats.expected + report.stats.flaky;
  totals.failed += report.stats.unexpected;
  totals.skipped += report.stats.skipped;
}

function ensureChromium(): boolean {
  const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (existsSync(chromium)) return true;
  if (process.getuid?.() === 0) {
    console.log('\n▶ installing Debian’s chromium for the browser tests');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (install.status === 0 && existsSync(chromium)) return true;
  }
  console.error(`\n✖ Chromium not found at ${chromium}. Install it with: sudo apt-get install -y chromium (or set CHROME_PATH).`);
  return false;
}

/** poppler's pdftotext, with which the tests read the invoices and credit notes back. */
function ensurePdftotext(): boolean {
  const found = () => spawnSync('pdftotext', ['-v'], { stdio: 'ignore' }).error === undefined;
  if (found()) return true;
  if (process.getuid?.() === 0) {
    console.log('\n▶ installing Debian’s poppler-utils (pdftotext) for the invoice tests');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '-qq', 'poppler-utils'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (found()) return true;
  }
  console.error('\n✖ pdftotext not found. Install it with: sudo apt-get install -y poppler-utils');
  return false;
}

const npx = 'npx';
if (!ensurePdftotext()) failures.push('invoice tests (no pdftotext)');
if (run('route types', npx, ['react-router', 'typegen'])) run('typecheck', npx, ['tsc']);
run('lint', npx, ['eslint', '--max-warnings=0', '.']);
// The page cache's API tests and the multi-process test serve the built pages, so the build comes first.
const built = run('build', npx, ['react-router', 'build']);

run('unit and API tests on PGlite', npx, ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${REPORTS}/vitest-pglite.json`], { TEST_DB: 'pglite' });
countVitest(`${REPORTS}/vitest-pglite.json`);

const pgUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_PG_URL;
if (await postgresAnswers(pgUrl)) {
  run('API tests on PostgreSQL', npx, ['vitest', 'run', 'server', '--reporter=default', '--reporter=json', `--outputFile.json=${REPORTS}/vitest-postgres.json`], {
    TEST_DB: 'postgres',
    TEST_DATABASE_URL: pgUrl,
  });
  countVitest(`${REPORTS}/vitest-postgres.json`);
} else if (process.env.TEST_DATABASE_URL || process.env.CI) {
  console.error(`\n✖ PostgreSQL at ${pgUrl.replace(/\/\/[^@]*@/, '//…@')} is not reachable; the PostgreSQL suite cannot run.`);
  failures.push('API tests on PostgreSQL (database unreachable)');
} else {
  console.log(`\n• PostgreSQL suite not run: nothing answers at ${DEFAULT_PG_URL}; set TEST_DATABASE_URL to run it.`);
}

if (ensureChromium()) {
  if (built) {
    run('end-to-end tests in Chromium', npx, ['playwright', 'test', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/playwright.json`,
    });
    countPlaywright(`${REPORTS}/playwright.json`);
  }
} else {
  failures.push('end-to-end tests (no Chromium)');
}

if (totals.skipped > 0) failures.push(`${totals.skipped} skipped test(s)`);
console.log('');
if (failures.length > 0) console.error(`✖ failed: ${failures.join('; ')}`);
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length > 0 ? 1 : 0);
