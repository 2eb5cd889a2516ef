// CPU per uncached render of a storefront page, measured in-process (process.cpuUsage around app.inject), which
// other load on the machine disturbs far less than requests per second do. The shop runs on the embedded database
// here, as `npm start` runs it, so a render's CPU includes its queries. `npx tsx bench/render-cpu.ts`;
// BENCH_RENDERS renders per round (200), BENCH_ROUNDS rounds (3, median reported), BENCH_CPU_PROF=dir writes a V8
// CPU profile of each page's measured renders there.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { seedCatalogueIfEmpty } from '../server/db/seed/seed-catalogue.ts';

const RENDERS = Number(process.env.BENCH_RENDERS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PROFILE_DIR = process.env.BENCH_CPU_PROF;

export interface RenderFigures {
  page: string;
  /** Median over the rounds of CPU milliseconds (user + system) per render. */
  cpuMs: number;
  /** Median over the rounds of renders a second, one after another: wall-clock, so it moves with the machine's load. */
  rendersPerSecond: number;
  /** Every round's CPU milliseconds per render, to show the spread. */
  rounds: number[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export async function renderCpu(): Promise<RenderFigures[]> {
  const database = await openDatabase({ kind: 'memory' });
  await database.migrate();
  await seedCatalogueIfEmpty(database.db);
  // PAGE_CACHE_TTL_MS=0 turns the page cache off: every request renders.
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', PAGE_CACHE_TTL_MS: '0', JOBS_IN_WEB: 'false' }), database, pages: 'production' });
  await app.ready();
  const slug = (JSON.parse((await app.inject({ method: 'GET', url: '/api/products?limit=1' })).body) as { products: { slug: string }[] }).products[0]!.slug;
  const session = PROFILE_DIR ? new Session() : undefined;
  if (session) {
    mkdirSync(PROFILE_DIR!, { recursive: true });
    session.connect();
    await session.post('Profiler.enable');
  }
  const results: RenderFigures[] = [];
  for (const page of ['/products', `/products/${slug}`]) {
    for (let warm = 0; warm < 30; warm += 1) await app.inject({ method: 'GET', url: page });
    const cpu: number[] = [];
    const perSecond: number[] = [];
    await session?.post('Profiler.start');
    for (let round = 0; round < ROUNDS; round += 1) {
      const started = performance.now();
      const before = process.cpuUsage();
      for (let render = 0; render < RENDERS; render += 1) {
        const response = await app.inject({ method: 'GET', url: page });
        if (response.statusCode !== 200) throw new Error(`${page} answered ${response.statusCode}`);
      }
      const used = process.cpuUsage(before);
      cpu.push((used.user + used.system) / 1000 / RENDERS);
      perSecond.push((RENDERS * 1000) / (performance.now() - started));
    }
    if (session) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(path.join(PROFILE_DIR!, `render-${page === '/products' ? 'catalogue' : 'product'}.cpuprofile`), JSON.stringify(profile));
    }
    results.push({ page, cpuMs: median(cpu), rendersPerSecond: median(perSecond), rounds: cpu });
  }
  session?.disconnect();
  await app.close();
  await database.close();
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const { page, cpuMs, rendersPerSecond, rounds } of await renderCpu()) {
    console.log(`${page}: ${cpuMs.toFixed(2)} ms CPU per render (rounds ${rounds.map((ms) => ms.toFixed(2)).join(', ')}), ${Math.round(rendersPerSecond)} renders/s one at a time`);
  }
}
