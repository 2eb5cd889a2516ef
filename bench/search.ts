// Catalogue search latency at 50 connections (part of `npm run bench`): the search that forgives misspellings
// (trigrams and synonyms, decision record 0064) next to today's full-text search in the same run, on the same
// database, both without the catalogue read cache (which answers a repeated search from memory either way).
// On PGlite, and on PostgreSQL when DATABASE_URL is set. Target: forgiving p99 at most 1.5 × today's.
import autocannon from 'autocannon';
import { cpuSeconds, DURATION_S, startChild, stop, withThrowawayPostgres } from './harness.ts';

const CONNECTIONS = Number(process.env.BENCH_SEARCH_CONNECTIONS ?? 50);
const PORT = Number(process.env.BENCH_SEARCH_PORT ?? 3930);
/** What shoppers type: names, notes, half-typed words, misspellings and Indian names of notes. */
const QUERIES = ['vetiver', 'oud', 'sandal', 'rose saffron', 'pop', 'dark poppy', 'leather', 'vetivr', 'oudh', 'chandan', 'ittar', 'jasmin', 'amber musk', 'zzqqxx'];

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  cpuMsPerSearch: number;
}

async function measure(pid: number, base: string): Promise<Figures> {
  const requests = QUERIES.map((query) => ({ method: 'GET' as const, path: `${base}?q=${encodeURIComponent(query)}` }));
  const url = `http://127.0.0.1:${PORT}`;
  await autocannon({ url, connections: CONNECTIONS, duration: 2, requests });
  const before = cpuSeconds(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, requests });
  const cpu = cpuSeconds(pid) - before;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuMsPerSearch: Math.round((cpu * 1000 * 100) / Math.max(result.requests.total, 1)) / 100,
  };
}

async function benchOn(database: string, env: NodeJS.ProcessEnv): Promise<void> {
  const server = await startChild('bench/search-server.ts', env, PORT);
  // Alternated twice, so neither search has the warmer half of the run.
  const today = [await measure(server.pid!, '/today')];
  const forgiving = [await measure(server.pid!, '/forgiving')];
  today.push(await measure(server.pid!, '/today'));
  forgiving.push(await measure(server.pid!, '/forgiving'));
  await stop(server);
  const worst = (runs: Figures[]) => runs.reduce((a, b) => (b.p99 > a.p99 ? b : a));
  const rows = [
    ['today (full text)', worst(today)],
    ['forgiving (trigrams)', worst(forgiving)],
  ] as const;
  const widths = [12, 24, 9, 8, 8, 14, 7];
  const line = (cells: (string | number)[]) => console.log(cells.map((cell, index) => String(cell).padEnd(widths[index]!)).join(''));
  line(['database', 'search', 'req/s', 'p50 ms', 'p99 ms', 'CPU ms/search', 'errors']);
  for (const [name, figures] of rows) line([database, name, figures.requestsPerSecond, figures.p50, figures.p99, figures.cpuMsPerSearch, figures.errors]);
  const ratio = worst(forgiving).p99 / Math.max(worst(today).p99, 1);
  console.log(`${database}: forgiving p99 is ${ratio.toFixed(2)} × today's (target ≤ 1.5 ×)\n`);
}

console.log(`\nCatalogue search, uncached: ${CONNECTIONS} connections, ${DURATION_S} s per run after a 2 s warm-up, ${QUERIES.length} queries in turn, worst p99 of two runs each`);
await benchOn('PGlite', {});
if (process.env.DATABASE_URL) await withThrowawayPostgres(process.env.DATABASE_URL, (url) => benchOn('PostgreSQL', { DATABASE_URL: url }));
