// A worker process of its own, for tests that kill one with SIGKILL: the shop's workers (startShopWorkers, as
// `npm run worker` starts them) on DATABASE_URL, with the tests' short leases and polling. Prints 'ready' once
// it takes jobs.
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';
import { openShopJobs, startShopWorkers } from '../../server/jobs/shop-jobs.ts';
import { TEST_JOBS } from './test-app.ts';

const config = loadConfig(process.env);
const database = await openDatabase({ kind: 'postgres', url: config.databaseUrl!, poolSize: 4 });
const jobs = await openShopJobs(database, TEST_JOBS, { runsWorkers: true });
await startShopWorkers(jobs, database, config, TEST_JOBS);
process.stdout.write('ready\n');
