// `npm run bench`: autocannon against the shop's catalogue API and page, next to a bare Fastify yardstick
// started in the same run, on PGlite and (when DATABASE_URL is set) on PostgreSQL. Not a test: it prints figures.
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../server/db/client.ts';
import { createThrowawayDatabase } from '../server/db/throwaway-database.ts';
import { generateOrders } from './generate-orders.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** BENCH_ONLY=reports runs just the back-office reports section. */
const ONLY_REPORTS = process.env.BENCH_ONLY === 'reports';
// A handful of people use the back office at once; the reports are measured at that load, not a shopper crowd.
const REPORT_CONNECTIONS = Number(process.env.BENCH_REPORT_CONNECTIONS ?? 2);
const BENCH_ADMIN = { email: 'bench-keeper@deosil.bench', password: 'bench-keeper-secret-13' };

interface Row {
  database: string;
  target: string;
  requestsPerSecond: number;
  /** Requests served per second of the server's own CPU time: its capacity, whatever the load generator manages. */
  perCpuSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

function startChild(script: string, env: NodeJS.ProcessEnv, port: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(script, [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', PUBLIC_URL: `http://127.0.0.1:${port}` },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    const deadline = Date.now() + 120_000;
    const poll = async () => {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/${script.includes('yardstick') ? '' : 'api/health'}`);
        if (response.ok) return resolve(child);
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) return reject(new Error(`${script} did not start`));
      setTimeout(poll, 200);
    };
    void poll();
  });
}

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far, from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** Peak resident memory of a process (VmHWM), in MiB. */
function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kib / 1024);
}

// What every browser sends; the shop answers it with compressed bodies, as it does for real shoppers.
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

async function load(pid: number, url: string, headers: Record<string, string> = BROWSER_HEADERS, connections = CONNECTIONS): Promise<Omit<Row, 'database' | 'target'>> {
  await autocannon({ url, headers, connections, duration: 2 }); // warm-up: JIT, caches, pool
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({ url, headers, connections, duration: DURATION_S });
  const serverCpu = cpuSeconds(pid) - cpuBefore;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    perCpuSecond: Math.round(result.requests.total / Math.max(serverCpu, 0.01)),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function stop(child: ChildProcess): Promise<void> {
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function withThrowawayPostgres<T>(serverUrl: string, run: (url: string) => Promise<T>): Promise<T> {
  const throwaway = await createThrowawayDatabase(serverUrl, 'deosil_bench');
  try {
    return await run(throwaway.url);
  } finally {
    await throwaway.drop();
  }
}

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
