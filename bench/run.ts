// `npm run bench`: autocannon against the shop's catalogue API and page, next to a bare Fastify yardstick
// started in the same run, on PGlite and (when DATABASE_URL is set) on PostgreSQL. Not a test: it prints figures.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/client.ts';
import { staffSettings } from '../server/db/schema/index.ts';
import { generateOrders } from './generate-orders.ts';
import { BROWSER_HEADERS, CONNECTIONS, DURATION_S, load, peakRssMiB, startChild, stop, withThrowawayPostgres, type Row } from './harness.ts';

/** BENCH_ONLY=reports runs just the back-office reports section. */
const ONLY_REPORTS = process.env.BENCH_ONLY === 'reports';
// A handful of people use the back office at once; the reports are measured at that load, not a shopper crowd.
const REPORT_CONNECTIONS = Number(process.env.BENCH_REPORT_CONNECTIONS ?? 2);
const BENCH_ADMIN = { email: 'bench-keeper@deosil.bench', password: 'bench-keeper-secret-13' };

async function benchShop(database: string, env: NodeJS.ProcessEnv, port: number): Promise<{ rows: Row[]; peakMiB: number }> {
  const shop = await startChild('server/main.ts', env, port);
  const base = `http://127.0.0.1:${port}`;
  const list = (await (await fetch(`${base}/api/products?limit=1`)).json()) as { products: { id: number }[] };
  const id = list.products[0]?.id;
  const rows: Row[] = [];
  for (const [target, url, headers] of [
    ['GET /api/products', `${base}/api/products`, BROWSER_HEADERS],
    ['  same, uncompressed', `${base}/api/products`, {}],
    [`GET /api/products/${id}`, `${base}/api/products/${id}`, BROWSER_HEADERS],
    ['GET /products (page)', `${base}/products`, BROWSER_HEADERS],
  ] as const) {
    rows.push({ database, target, ...(await load(shop.pid!, url, headers)) });
  }
  const peakMiB = peakRssMiB(shop.pid!);
  await stop(shop);
  return { rows, peakMiB };
}

/**
 * The dashboard and analytics reports for every period, on PostgreSQL filled by bench/generate-orders.ts
 * (100,000 orders over 400 days), signed in as an admin. Target: p99 at or under 100 ms.
 */
async function benchReports(serverUrl: string, port: number): Promise<Row[]> {
  return withThrowawayPostgres(serverUrl, async (url) => {
    const handle = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
    await handle.migrate();
    const started = Date.now();
    const made = await generateOrders(handle);
    // The bench signs in with a password alone: the owner's setting that lets staff skip the second factor.
    await handle.db.insert(staffSettings).values({ id: 1, requireTwoFactor: false }).onConflictDoUpdate({ target: staffSettings.id, set: { requireTwoFactor: false } });
    await handle.close();
    console.log(`Reports bench: ${made.orders} orders and ${made.customers} customers generated in ${((Date.now() - started) / 1000).toFixed(1)} s.`);

    const shop = await startChild('server/main.ts', { DATABASE_URL: url, ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password }, port);
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(BENCH_ADMIN) });
    const { token } = (await login.json()) as { token: string };
    const headers = { ...BROWSER_HEADERS, authorization: `Bearer ${token}` };
    const rows: Row[] = [];
    const targets = [
      ...['today', 'week', 'month', 'quarter', 'year'].map((period) => `/api/admin/dashboard?period=${period}`),
      ...['7days', '30days', '3months', '1year'].map((period) => `/api/admin/analytics?period=${period}`),
    ];
    for (const target of targets) {
      rows.push({ database: 'PostgreSQL', target: `GET ${target.replace('/api/admin/', '')}`, ...(await load(shop.pid!, `${base}${target}`, headers, REPORT_CONNECTIONS)) });
    }
    await stop(shop);
    return rows;
  });
}

if (ONLY_REPORTS) {
  if (!process.env.DATABASE_URL) throw new Error('BENCH_ONLY=reports needs DATABASE_URL (a PostgreSQL server)');
  if (!existsSync('build/server/index.js')) execFileSync('npx', ['react-router', 'build'], { stdio: 'inherit' });
  printReports(await benchReports(process.env.DATABASE_URL, 3904));
  process.exit(0);
}

function printReports(rows: Row[]): void {
  console.log(`\nBack-office reports on 100,000 orders: ${REPORT_CONNECTIONS} connections, ${DURATION_S} s per target after a 2 s warm-up (target p99 ≤ 100 ms)`);
  const widths = [11, 34, 9, 11, 8, 8, 6];
  const line = (cells: (string | number)[]) => console.log(cells.map((cell, index) => String(cell).padEnd(widths[index]!)).join(''));
  line(['database', 'target', 'req/s', 'req/CPU-s', 'p50 ms', 'p99 ms', 'errors']);
  for (const row of rows) line([row.database, row.target, row.requestsPerSecond, row.perCpuSecond, row.p50, row.p99, row.errors]);
}

if (!existsSync('build/server/index.js')) execFileSync('npx', ['react-router', 'build'], { stdio: 'inherit' });

const yardstick = await startChild('bench/yardstick.ts', {}, 3901);
const yard = await load(yardstick.pid!, 'http://127.0.0.1:3901/');
await stop(yardstick);

const results: { rows: Row[]; peakMiB: number; database: string }[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'deosil-bench-'));
try {
  results.push({ database: 'PGlite', ...(await benchShop('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, 3902)) });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
if (process.env.DATABASE_URL) {
  const shop = await withThrowawayPostgres(process.env.DATABASE_URL, (url) => benchShop('PostgreSQL', { DATABASE_URL: url }, 3903));
  results.push({ database: 'PostgreSQL', ...shop });
}

const pad = (text: string | number, width: number) => String(text).padEnd(width);
const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)}%`;
console.log(
  `\nautocannon: ${CONNECTIONS} connections, ${DURATION_S} s per target after a 2 s warm-up, browser Accept-Encoding unless marked; ${process.version}, ${(await import('node:os')).cpus().length} cores`,
);
console.log('req/s is what the load generator achieved; req/CPU-s is requests per second of the server process\'s own CPU time.');
const header = ['database', 'target', 'req/s', 'vs yard', 'req/CPU-s', 'vs yard', 'p50 ms', 'p99 ms', 'errors'];
const widths = [11, 28, 9, 9, 11, 9, 8, 8, 6];
const line = (cells: (string | number)[]) => console.log(cells.map((cell, index) => pad(cell, widths[index]!)).join(''));
line(header);
line(['-', 'yardstick {"hello":"world"}', yard.requestsPerSecond, '100%', yard.perCpuSecond, '100%', yard.p50, yard.p99, yard.errors]);
for (const result of results) {
  for (const row of result.rows) {
    line([
      row.database,
      row.target,
      row.requestsPerSecond,
      percent(row.requestsPerSecond, yard.requestsPerSecond),
      row.perCpuSecond,
      percent(row.perCpuSecond, yard.perCpuSecond),
      row.p50,
      row.p99,
      row.errors,
    ]);
  }
  console.log(`${pad(result.database, 11)}server peak resident memory: ${result.peakMiB} MiB`);
}
if (process.env.DATABASE_URL) printReports(await benchReports(process.env.DATABASE_URL, 3904));

const list = results[0]?.rows[0];
if (list) {
  console.log(
    `\nProduct list on PGlite: ${percent(list.requestsPerSecond, yard.requestsPerSecond)} of the yardstick's req/s, ${percent(list.perCpuSecond, yard.perCpuSecond)} per server CPU second (target ≥ 25%).`,
  );
}
