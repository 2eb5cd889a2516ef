import cluster from 'node:cluster';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
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

/** The longest a start waits for its first request before starting its background work anyway. */
const BACKGROUND_START_AT_LATEST_MS = 3000;

/** Resolves once the server has sent its first response, or after `atLatestMs`, whichever comes first. */
function firstAnswered(app: FastifyInstance, atLatestMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, atLatestMs);
    app.server.once('request', (_request: IncomingMessage, response: ServerResponse) => {
      response.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  });
}

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

  // What serving does not need waits until the shop has answered its first request (or a few seconds passed
  // without one): the job workers' start and their first polls, and the PIN directory's reading, would otherwise
  // hold the CPU and the embedded database's one connection while that first page is made.
  const firstAnswer = firstAnswered(app, BACKGROUND_START_AT_LATEST_MS);
  await app.listen({ port: config.port, host: config.host });
  void firstAnswer.then(() => {
    // A failure to start the workers still ends the start, in one line.
    app.startWorkers().catch((error: unknown) => {
      console.error(startFailureOf(error, config) ?? `The job workers could not start: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
    // The PIN directory is read on first use; reading it now spares the first shopper who checks a PIN the wait.
    app.services.shipping.warmUp();
  });
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
