import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { loadConfigOrExit, type Config } from './config.ts';
import { openDatabase, targetOf } from './db/client.ts';
import { prepareDatabase } from './db/startup.ts';
import { hasProductionBuild, loadProductionBuild } from './http/pages.ts';
import { logFormatOf, logStreamOf } from './log-format.ts';
import { openingLines } from './opening-lines.ts';
import { runCluster } from './scale/web-cluster.ts';
import { checkPortFree, exitOnStartFailure, startFailureOf } from './start-failure.ts';
import { stopOnSignals } from './stop-on-signals.ts';

async function serve(config: Config): Promise<void> {
  const development = config.nodeEnv === 'development';
  if (!development && !hasProductionBuild()) {
    console.error('No build found: run `npm run build` (npm start does this for you).');
    process.exit(1);
  }

  if (!development) void loadProductionBuild();
  // A busy port is found before the database is opened, migrated and seeded, not after.
  if (cluster.isPrimary) await checkPortFree(config);
  const database = await openDatabase(targetOf(config));
  const prepared = await prepareDatabase(database, config);

  const app = await buildApp({ config, database, pages: development ? 'development' : 'production', logStream: logStreamOf(logFormatOf(config.logFormat)), deferWorkers: true });
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
  // The job workers and schedules start once the shop answers; a failure to start them still ends the start.
  app.startWorkers().catch((error: unknown) => {
    console.error(startFailureOf(error, config) ?? `The job workers could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
  // The PIN directory is read on first use; reading it now spares the first shopper who checks a PIN the wait.
  app.services.shipping.warmUp();
  // With WEB_CONCURRENCY the first web process speaks for all of them.
  if (!cluster.isWorker || cluster.worker?.id === 1) for (const line of openingLines(config, prepared)) app.log.info(line);
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
