import { spawn, type ChildProcess } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SHIPPING } from '../../../tests/support/checkout.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../../tests/support/smtp-catcher.ts';
import { TEST_JOBS } from '../../../tests/support/test-app.ts';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { emailMessages } from '../../db/schema/index.ts';
import { createThrowawayDatabase } from '../../db/throwaway-database.ts';
import { openShopJobs } from '../../jobs/shop-jobs.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { EmailOutbox } from './email-outbox.ts';
import { orderMailDataOf } from './templates/order-mail-data.ts';

// PostgreSQL only (the PostgreSQL suite runs it): worker processes apart from the web process need a database
// server; the embedded database belongs to one process.
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
let throwaway: Awaited<ReturnType<typeof createThrowawayDatabase>>;
let database: DatabaseHandle;
let jobs: JobQueue;
let smtp: SmtpCatcher;
const children: ChildProcess[] = [];

/** Starts a worker process (the shop's workers, as `npm run worker` runs them) and waits until it takes jobs. */
async function startWorkerProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/mail-worker-process.ts'], {
    env: { ...process.env, DATABASE_URL: throwaway.url, SMTP_URL: smtp.url, MAIL_FROM: 'orders@deosil.test', LOG_LEVEL: 'silent', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the worker process exited with ${code} before it was ready`)));
  });
  return child;
}

async function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

async function row(dedupeKey: string) {
  const [found] = await database.db.select().from(emailMessages).where(eq(emailMessages.dedupeKey, dedupeKey));
  return found!;
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('Timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  throwaway = await createThrowawayDatabase(serverUrl, 'deosil_mail_kill');
  database = await openDatabase({ kind: 'postgres', url: throwaway.url, poolSize: 2 });
  await database.migrate();
  smtp = await startSmtpCatcher();
  // This process only enqueues, like a web process with JOBS_IN_WEB=false.
  jobs = await openShopJobs(database, TEST_JOBS, { runsWorkers: false });
}, 60_000);
afterAll(async () => {
  for (const child of children) await kill(child, 'SIGKILL');
  await jobs?.stop({ graceful: false }).catch(() => {});
  await database?.close();
  await smtp?.close();
  await throwaway?.drop();
});

it('a worker process killed with SIGKILL mid-send: another worker process sends the message, exactly once', async () => {
  const first = await startWorkerProcess();
  smtp.freezeNext();
  const data = orderMailDataOf(
    { orderNumber: 'DP-20261124-0007', customerName: 'Mira', subtotalPaise: 10_000, discountPaise: 0, totalPaise: 10_000, coupon: null, shippingAddress: SHIPPING.shippingAddress },
    [{ name: 'Valor', slug: 'valor', size: '50ml', quantity: 1, unitPricePaise: 10_000, lineTotalPaise: 10_000 }],
  );
  const outbox = new EmailOutbox(jobs, 'orders@deosil.test');
  await database.db.transaction((tx) => outbox.enqueue(tx, { template: 'order-confirmation', to: 'mira@deosil.test', data, dedupeKey: 'kill:1', category: 'transactional' }));

  // The first worker has handed the message to the SMTP server, which has not answered: then the process dies.
  await until(() => smtp.attempts === 1);
  expect((await row('kill:1')).status).toBe('sending');
  await kill(first, 'SIGKILL');

  // A new worker process takes the message over once the dead attempt's lease runs out, and sends it.
  const second = await startWorkerProcess();
  await smtp.waitFor(1, 30_000);
  await until(async () => (await row('kill:1')).status === 'sent');
  // At least the killed attempt and the one that sent (on a slow machine an attempt can outlive its lease and
  // be taken over once more: still one e-mail).
  expect((await row('kill:1')).attempts).toBeGreaterThanOrEqual(2);

  // Nothing sends it again: not the retried job, not the surviving worker.
  await new Promise((resolve) => setTimeout(resolve, 2 * (TEST_JOBS.mail!.leaseSeconds! * 1000)));
  expect(smtp.messages).toHaveLength(1);
  expect(smtp.messages[0]!.subject).toBe('Your order DP-20261124-0007 is confirmed');
  await kill(second, 'SIGTERM');
}, 90_000);
