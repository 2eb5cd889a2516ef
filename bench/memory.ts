// `npm run bench`, memory section: the shop as production runs it (`npm start`'s `node <flags> scripts/start.mjs`, the compiled server)
// on the embedded database and on PostgreSQL, next to a bare Node HTTP server measured in the same run. For each:
// the warm start (a second start on data the first one migrated and seeded) to the first 200 on `/`, resident
// memory idle, at the end of a crowd of shoppers browsing and after they leave. Targets on a 2-core machine:
// PostgreSQL ≤ 180 MiB idle and ≤ 300 MiB under load, the embedded database ≤ 320 and ≤ 450, warm start ≤ 3 s.
// Not a test: it prints a table. Also runnable alone: `npx tsx bench/memory.ts`.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { BROWSER_HEADERS, withThrowawayPostgres } from './harness.ts';

const PORT = Number(process.env.BENCH_MEMORY_PORT ?? 3920);
const CONNECTIONS = Number(process.env.BENCH_MEMORY_CONNECTIONS ?? 50);
const LOAD_SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 60);
/** How long a server is left alone after its first 200 (and after the crowd) before its memory is read. */
const SETTLE_SECONDS = Number(process.env.BENCH_MEMORY_SETTLE ?? 20);
const POSTGRES = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
/** The Node flags `npm start` runs the shop with (package.json), so the shop is measured as production runs it. */
const START_FLAGS = (() => {
  const script = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.start ?? '';
  return /\bnode((?: --\S+)*) scripts\/start\.mjs/.exec(script)?.[1]?.trim().split(' ').filter(Boolean) ?? [];
})();

interface Figures {
  server: string;
  warmStartS?: number;
  idleMiB: number;
  loadMiB: number;
  afterMiB: number;
  peakMiB: number;
  requestsPerSecond: number;
  errors: number;
}

function statusField(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const kib = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return Math.round(kib / 1024);
}

const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/** Starts `node <script>` and resolves with the process and the seconds until `/` first answered 200. */
async function start(script: string, env: NodeJS.ProcessEnv, flags: string[] = []): Promise<{ child: ChildProcess; seconds: number }> {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [...flags, script], {
    env: { ...process.env, ...env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', LOG_FORMAT: 'json', NODE_ENV: 'production', PUBLIC_URL: `http://127.0.0.1:${PORT}` },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? 1));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited !== null) throw new Error(`${script} exited with ${exited}`);
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${script} did not answer 200 on / within 3 minutes`);
    await sleep(0.05);
  }
  return { child, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Idle, under a crowd browsing the storefront (pages and the catalogue JSON, compressed as browsers ask) and after. */
async function measure(server: string, child: ChildProcess, paths: string[], warmStartS?: number): Promise<Figures> {
  const pid = child.pid!;
  await sleep(SETTLE_SECONDS);
  const idleMiB = statusField(pid, 'VmRSS');
  const result = await autocannon({
    url: `http://127.0.0.1:${PORT}`,
    connections: CONNECTIONS,
    duration: LOAD_SECONDS,
    requests: paths.map((requestPath) => ({ method: 'GET', path: requestPath, headers: BROWSER_HEADERS })),
  });
  const loadMiB = statusField(pid, 'VmRSS');
  await sleep(SETTLE_SECONDS);
  return {
    server,
    warmStartS,
    idleMiB,
    loadMiB,
    afterMiB: statusField(pid, 'VmRSS'),
    peakMiB: statusField(pid, 'VmHWM'),
    requestsPerSecond: Math.round(result.requests.average),
    errors: result.errors + result.non2xx,
  };
}

/** The shop on `env`'s database: a first start that migrates and seeds, then the measured warm start. */
async function benchShop(server: string, env: NodeJS.ProcessEnv): Promise<Figures> {
  await stop((await start('scripts/start.mjs', env, START_FLAGS)).child);
  const { child, seconds } = await start('scripts/start.mjs', env, START_FLAGS);
  try {
    const list = (await (await fetch(`http://127.0.0.1:${PORT}/api/products?limit=1`)).json()) as { products: { slug: string }[] };
    const potion = `/products/${list.products[0]!.slug}`;
    return await measure(server, child, ['/', '/products', potion, '/api/products'], seconds);
  } finally {
    await stop(child);
  }
}

const rows: Figures[] = [];
const bare = await start('bench/bare-node-server.mjs', {});
try {
  rows.push(await measure('bare Node HTTP server', bare.child, ['/'], bare.seconds));
} finally {
  await stop(bare.child);
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'deosil-bench-memory-'));
try {
  rows.push(await benchShop('shop, embedded database', { DATA_DIR: dataDir, DATABASE_URL: '' }));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
if (POSTGRES) rows.push(await withThrowawayPostgres(POSTGRES, (url) => benchShop('shop, PostgreSQL', { DATABASE_URL: url })));
else console.log('No DATABASE_URL: the PostgreSQL row is left out.');

console.log(
  `\nResident memory (MiB), ${SETTLE_SECONDS} s after the first 200 (idle), at the end of ${LOAD_SECONDS} s at ${CONNECTIONS} connections (load) and ${SETTLE_SECONDS} s after it (after); ${process.version}`,
);
console.log(`The shop ran with the Node flags of npm start: ${START_FLAGS.join(' ') || 'none'}.`);
console.log('Shop targets: PostgreSQL ≤ 180 idle, ≤ 300 load; embedded database ≤ 320 idle, ≤ 450 load; warm start to the first 200 on / ≤ 3 s.');
const widths = [26, 14, 8, 8, 8, 8, 9, 7];
const line = (cells: (string | number)[]) => console.log(cells.map((cell, index) => String(cell).padEnd(widths[index]!)).join(''));
line(['server', 'warm start s', 'idle', 'load', 'after', 'peak', 'req/s', 'errors']);
for (const row of rows) line([row.server, row.warmStartS?.toFixed(2) ?? '-', row.idleMiB, row.loadMiB, row.afterMiB, row.peakMiB, row.requestsPerSecond, row.errors]);
// The machine is shared, so the figures move with its load: each shop row against the bare server of the same run.
const [yardstick] = rows;
if (yardstick) {
  console.log(`\nAs multiples of the bare server in this run (load average ${loadavg().map((load) => load.toFixed(2)).join(' ')}):`);
  for (const row of rows.slice(1)) {
    const times = (value: number, base: number) => `${(value / base).toFixed(2)}×`;
    console.log(
      `${row.server}: start to the first 200 ${times(row.warmStartS ?? 0, yardstick.warmStartS ?? 1)}, idle ${times(row.idleMiB, yardstick.idleMiB)}, load ${times(row.loadMiB, yardstick.loadMiB)}, ` +
        `requests per second ${((100 * row.requestsPerSecond) / yardstick.requestsPerSecond).toFixed(1)} % of the bare server's`,
    );
  }
}
