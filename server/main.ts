import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { loadConfigOrExit, type Config } from './config.ts';
import { openDatabase, targetOf } from './db/client.ts';
import { prepareDatabase } from './db/startup.ts';
import { hasProductionBuild } from './http/pages.ts';
import { DEMO_ADMIN } from './modules/accounts/admin-bootstrap.ts';
import { runCluster } from './scale/web-cluster.ts';
import { checkPortFree, exitOnStartFailure } from './start-failure.ts';
import { stopOnSignals } from './stop-on-signals.ts';

async function serve(config: Config): Promise<void> {
  const development = config.nodeEnv === 'development';
  if (!development && !hasProductionBuild()) {
    console.error('No build found: run `npm run build` (npm start does this for you).');
    process.exit(1);
  }

  // A busy port is found before the database is opened, migrated and seeded, not after.
  if (cluster.isPrimary) await checkPortFree(config);
  const database = await openDatabase(targetOf(config));
  const prepared = await prepareDatabase(database, config);
  if (prepared.seededCatalogue) console.info('Seeded the demo catalogue.');
  if (prepared.seededFestivals) console.info('Seeded the demo festivals.');
  if (prepared.admins === 'demo' && !cluster.isWorker) {
    console.info(`Demo mode: sign in to /admin/login as ${DEMO_ADMIN.email} (shown on that page).`);
  }

  const app = await buildApp({ config, database, pages: development ? 'development' : 'production' });
  // The database closes last: the server, the live streams and the job workers all stop before it.
  stopOnSignals({
    graceMs: config.shutdownGraceMs,
    drain: async () => {
      await app.close();
      await database.close();
    },
    say: (level, message) => app.log[level](message),
  });

  await app.listen({ port: config.port, host: config.host });
  // The PIN directory is read on first use; reading it now spares the first shopper who checks a PIN the wait.
  app.services.shipping.warmUp();
  const extras = [config.jobsInWeb ? 'with the job workers' : '', cluster.isWorker ? `web process ${cluster.worker?.id}` : ''].filter(Boolean);
  app.log.info(`Deosil Perfumes is open on http://localhost:${config.port} (${[database.driver, ...extras].join(', ')})`);
}

const config = loadConfigOrExit();
try {
  // WEB_CONCURRENCY=N: this process only forks N web processes sharing the port and replaces any that die.
  if (config.webConcurrency > 1 && cluster.isPrimary) {
    await checkPortFree(config);
    runCluster(config);
  } else await serve(config);
} catch (error) {
  exitOnStartFailure(error, config);
}
