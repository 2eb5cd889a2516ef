// `npm run bench`, shopper crowd section: at 50 connections, each storefront response next to a bare Fastify
// route sending the same bytes (its limit on this machine): the catalogue and a potion page from the page cache
// (target ≥ 50% of the limit, p99 ≤ 50 ms, 0 errors), the catalogue JSON (≥ 90%, p99 ≤ 15 ms), uncached renders
// per second and CPU per render, and one process against WEB_CONCURRENCY=2 on PostgreSQL (DATABASE_URL, or the
// local server the tests use). Not a test: it prints a table.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { postgresAnswers } from '../server/db/throwaway-database.ts';
import { BROWSER_HEADERS, load, startChild, stop, withThrowawayPostgres } from './harness.ts';
import { renderCpu } from './render-cpu.ts';

const CONNECTIONS = Number(process.env.BENCH_CROWD ?? 50);
const PORT = Number(process.env.BENCH_SCALE_PORT ?? 3910);
const POSTGRES = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Measured {
  target: string;
  requestsPerSecond: number;
  p99: number;
  errors: number;
  limit?: number;
  /** CPU milliseconds per response of the bare route: the limit in server CPU, which other load disturbs less. */
  limitCpuMs?: number;
  goal?: { share?: number; p99?: number };
  /** CPU milliseconds per response, of the server process. */
  cpuMs?: number;
}

/** The response's bytes as sent (fetch would undo the encoding). */
async function rawBytes(url: string): Promise<{ body: Buffer; encoding?: string; type: string }> {
  const http = await import('node:http');
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: BROWSER_HEADERS }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ body: Buffer.concat(chunks), encoding: response.headers['content-encoding'], type: response.headers['content-type'] ?? '' }));
      })
      .on('error', reject);
  });
}

async function measure(pid: number, target: string, url: string, extra: Partial<Measured> = {}): Promise<Measured> {
  const result = await load(pid, url, BROWSER_HEADERS, CONNECTIONS);
  return { target, requestsPerSecond: result.requestsPerSecond, p99: result.p99, errors: result.errors, cpuMs: 1000 / result.perCpuSecond, ...extra };
}

interface Captured {
  file: string;
  encoding?: string;
  type: string;
}

/** Saves the bytes a browser is sent for `url` (still compressed), for a yardstick to send the same. */
async function capture(url: string, file: string): Promise<Captured> {
  const response = await rawBytes(url);
  writeFileSync(file, response.body);
  return { file, encoding: response.encoding, type: response.type };
}

/** The limit for a response: a bare Fastify route sending the same bytes, loaded the same way. */
async function limitOf(captured: Captured): Promise<{ limit: number; limitCpuMs: number }> {
  const yard = await startChild('bench/yardstick.ts', { YARD_BODY_FILE: captured.file, YARD_CONTENT_TYPE: captured.type, YARD_CONTENT_ENCODING: captured.encoding ?? '' }, PORT + 4);
  try {
    const result = await load(yard.pid!, `http://127.0.0.1:${PORT + 4}/`, BROWSER_HEADERS, CONNECTIONS);
    return { limit: result.requestsPerSecond, limitCpuMs: 1000 / result.perCpuSecond };
  } finally {
    await stop(yard);
  }
}

if (!existsSync('build/server/index.js')) execFileSync('npx', ['react-router', 'build'], { stdio: 'inherit' });
const work = mkdtempSync(path.join(tmpdir(), 'deosil-scale-bench-'));
const dataDir = path.join(work, 'data');
const rows: Measured[] = [];
try {
  // One process on the embedded database, as `npm start` runs it.
  const shop = await startChild('server/main.ts', { DATA_DIR: dataDir, DATABASE_URL: '' }, PORT);
  const base = `http://127.0.0.1:${PORT}`;
  const slug = ((await (await fetch(`${base}/api/products?limit=1`)).json()) as { products: { slug: string }[] }).products[0]!.slug;
  const targets = [
    { name: 'GET /products', url: `/products`, goal: { share: 0.5, p99: 50 } },
    { name: `GET /products/${slug}`, url: `/products/${slug}`, goal: { share: 0.5, p99: 50 } },
    { name: 'GET /api/products (catalogue JSON)', url: '/api/products', goal: { share: 0.9, p99: 15 } },
  ];
  // Each target is followed at once by its limit, so both run under the same load from anything else on the machine.
  for (const [index, target] of targets.entries()) {
    await fetch(`${base}${target.url}`); // the first request fills the cache; the bytes captured are the cached ones
    const body = await capture(`${base}${target.url}`, path.join(work, `body-${index}`));
    const row = await measure(shop.pid!, `${target.name}${target.url.startsWith('/api') ? '' : ' (page cache)'}`, `${base}${target.url}`, { goal: target.goal });
    Object.assign(row, await limitOf(body));
    rows.push(row);
  }
  await stop(shop);

  // Without the page cache: every request renders, as every request did before it (and a miss does now).
  const uncached = await startChild('server/main.ts', { DATA_DIR: dataDir, DATABASE_URL: '', PAGE_CACHE_TTL_MS: '0' }, PORT + 1);
  for (const [index, target] of targets.slice(0, 2).entries()) {
    rows.push(await measure(uncached.pid!, `${target.name} (rendered each time)`, `http://127.0.0.1:${PORT + 1}${target.url}`, { limit: rows[index]!.limit, limitCpuMs: rows[index]!.limitCpuMs }));
  }
  await stop(uncached);

  // Several processes: one against WEB_CONCURRENCY=2 on PostgreSQL, the catalogue page from the page cache.
  if (await postgresAnswers(POSTGRES, 2000)) {
    for (const processes of [1, 2]) {
      rows.push(
        await withThrowawayPostgres(POSTGRES, async (url) => {
          const cluster = await startChild('server/main.ts', { DATABASE_URL: url, WEB_CONCURRENCY: String(processes) }, PORT + 3);
          try {
            const measured = await measure(cluster.pid!, `GET /products, WEB_CONCURRENCY=${processes} (PostgreSQL)`, `http://127.0.0.1:${PORT + 3}/products`);
            // The cluster's primary only forks: the workers' CPU is not counted in its own.
            return { ...measured, cpuMs: processes === 1 ? measured.cpuMs : undefined, limit: rows[0]!.limit, limitCpuMs: rows[0]!.limitCpuMs };
          } finally {
            await stop(cluster);
          }
        }),
      );
    }
  } else {
    console.log(`No PostgreSQL answers at ${POSTGRES.replace(/\/\/[^@]*@/, '//…@')}: the WEB_CONCURRENCY rows are left out.`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
const os = await import('node:os');
console.log(`\nShopper crowd: autocannon, ${CONNECTIONS} connections, browser Accept-Encoding; limit = a bare Fastify route sending the same bytes; ${process.version}, ${os.cpus().length} cores`);
console.log("CPU share = the bare route's CPU per response / the shop's: the share of the limit the shop would reach with the CPU to itself.");
const widths = [50, 8, 8, 8, 8, 8, 9, 7, 8, 10];
const line = (cells: (string | number)[]) => console.log(cells.map((cell, index) => String(cell).padEnd(widths[index]!)).join(''));
line(['target', 'req/s', 'limit', 'share', 'goal', 'p99 ms', 'p99 goal', 'errors', 'CPU ms', 'CPU share']);
for (const row of rows) {
  const share = row.limit ? row.requestsPerSecond / row.limit : undefined;
  line([
    row.target,
    row.requestsPerSecond,
    row.limit ?? '-',
    share === undefined ? '-' : `${(share * 100).toFixed(1)}%`,
    row.goal?.share ? `≥ ${row.goal.share * 100}%` : '-',
    row.p99,
    row.goal?.p99 ? `≤ ${row.goal.p99}` : '-',
    row.errors,
    row.cpuMs === undefined || !Number.isFinite(row.cpuMs) ? '-' : row.cpuMs.toFixed(2),
    row.cpuMs && row.limitCpuMs && Number.isFinite(row.cpuMs) && Number.isFinite(row.limitCpuMs) ? `${((row.limitCpuMs / row.cpuMs) * 100).toFixed(1)}%` : '-',
  ]);
}

// Requests per second of renders swing with whatever else the machine runs; CPU time per render does far less.
console.log('\nUncached render, measured in-process (bench/render-cpu.ts; median of 3 rounds):');
for (const { page, cpuMs, rendersPerSecond } of await renderCpu()) {
  console.log(`  ${page}: ${cpuMs.toFixed(2)} ms CPU per render, ${Math.round(rendersPerSecond)} renders/s one at a time`);
}
