import { buildApp } from './app.ts';
import { loadConfigOrExit } from './config.ts';
import { openDatabase, targetOf } from './db/client.ts';
import { seedCatalogueIfEmpty } from './db/seed/seed-catalogue.ts';
import { seedFestivalsIfEmpty } from './db/seed/seed-festivals.ts';
import { hasProductionBuild } from './http/pages.ts';
import { bootstrapAdmins, DEMO_ADMIN } from './modules/accounts/admin-bootstrap.ts';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const development = config.nodeEnv === 'development';
  if (!development && !hasProductionBuild()) {
    console.error('No build found: run `npm run build` (npm start does this for you).');
    process.exit(1);
  }

  const database = await openDatabase(targetOf(config));
  await database.migrate();
  if (config.seedDemoCatalogue) {
    if (await seedCatalogueIfEmpty(database.db)) console.info('Seeded the demo catalogue.');
    if (await seedFestivalsIfEmpty(database.db)) console.info('Seeded the demo festivals.');
  }
  if ((await bootstrapAdmins(database.db, config)) === 'demo') {
    console.info(`Demo mode: sign in to /admin/login as ${DEMO_ADMIN.email} (shown on that page).`);
  }

  const app = await buildApp({ config, database, pages: development ? 'development' : 'production' });
  app.addHook('onClose', () => database.close());

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'draining in-flight requests');
    // A request that never finishes must not keep the process alive past the grace period.
    const force = setTimeout(() => {
      app.log.error('grace period over; exiting with requests still open');
      process.exit(1);
    }, config.shutdownGraceMs);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Deosil Perfumes is open on http://localhost:${config.port} (${database.driver}${config.jobsInWeb ? ', with the job workers' : ''})`);
}

await main();
