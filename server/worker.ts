// `npm run worker`: the job workers (e-mail delivery, schedules) without the web server, for shops that run
// their web processes with JOBS_IN_WEB=false. Any number of workers may run against one database.
import { loadConfigOrExit } from './config.ts';
import { lineWriter, logFormatOf } from './log-format.ts';
import { openDatabase, targetOf } from './db/client.ts';
import { createServices } from './app.ts';
import { openShopJobs, startShopWorkers } from './jobs/shop-jobs.ts';
import { withSandboxSecret } from './payments/sandbox-secret.ts';
import { exitOnStartFailure } from './start-failure.ts';
import { stopOnSignals } from './stop-on-signals.ts';

const config = loadConfigOrExit();
if (!config.databaseUrl) {
  // PGlite is one process's database: a second process cannot open the same DATA_DIR.
  console.error('npm run worker needs DATABASE_URL: the embedded database runs its workers inside `npm start`.');
  process.exit(1);
}
const say = lineWriter(logFormatOf(config.logFormat));
const database = await openDatabase(targetOf(config));
// Under the start-up lock, like the web processes, so a worker started with them never migrates alongside them.
await database.exclusively(() => database.migrate()).catch((error: unknown) => exitOnStartFailure(error, config));
const jobs = await openShopJobs(database, {}, { runsWorkers: true, onError: (error) => say('error', `job queue error: ${error.message}`) });
// The shop's services (not its web server) for jobs that move orders through their lifecycle.
const services = createServices(database, await withSandboxSecret(config, database.db), jobs);
const workers = await startShopWorkers(jobs, database, config, {}, services.cod, services.courierJobs, services.cartRecovery);
say('info', `Deosil Perfumes workers are running (${database.driver}; mail ${config.mail.smtpUrl ? 'over SMTP' : 'kept for the back office'}).`);

stopOnSignals({
  graceMs: config.shutdownGraceMs,
  drain: async () => {
    await workers.stop({ graceful: true });
    await database.close();
  },
  say,
});
