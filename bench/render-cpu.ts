// CPU per uncached render of a storefront page, measured in-process (process.cpuUsage around app.inject), which
// other load on the machine disturbs far less than requests per second do. `npx tsx bench/render-cpu.ts`.
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { seedCatalogueIfEmpty } from '../server/db/seed/seed-catalogue.ts';

const RENDERS = Number(process.env.BENCH_RENDERS ?? 200);

export async function renderCpu(): Promise<{ page: string; cpuMs: number }[]> {
  const database = await openDatabase({ kind: 'memory' });
  await database.migrate();
  await seedCatalogueIfEmpty(database.db);
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', PAGE_CACHE_TTL_MS: '0', JOBS_IN_WEB: 'false' }), database, pages: 'production' });
  await app.ready();
  const slug = (JSON.parse((await app.inject({ method: 'GET', url: '/api/products?limit=1' })).body) as { products: { slug: string }[] }).products[0]!.slug;
  const results = [];
  for (const page of ['/products', `/products/${slug}`]) {
    for (let warm = 0; warm < 30; warm += 1) await app.inject({ method: 'GET', url: page });
    const before = process.cpuUsage();
    for (let render = 0; render < RENDERS; render += 1) {
      const response = await app.inject({ method: 'GET', url: page });
      if (response.statusCode !== 200) throw new Error(`${page} answered ${response.statusCode}`);
    }
    const used = process.cpuUsage(before);
    results.push({ page, cpuMs: (used.user + used.system) / 1000 / RENDERS });
  }
  await app.close();
  await database.close();
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const { page, cpuMs } of await renderCpu()) console.log(`${page}: ${cpuMs.toFixed(2)} ms CPU per render`);
}
