// `npm run bench` (WhatsApp part, after the mail part): how fast the workers drain the WhatsApp outbox into a local
// stand-in of Meta's Cloud API, on PGlite and (with DATABASE_URL) on PostgreSQL. Not a test: it prints figures.
//   throughput: 1,000 'order shipped' messages enqueued first, then the workers start; messages accepted per second.
//   latency:    the workers running, 1,000 messages enqueued at a steady 100 a second, each in its own
//               transaction; time from its commit to the stand-in's acceptance, p50 and p99.
import { loadConfig } from '../server/config.ts';
import type { DatabaseHandle } from '../server/db/client.ts';
import { onEachDatabase } from './each-database.ts';
import { openShopJobs, startShopWorkers } from '../server/jobs/shop-jobs.ts';
import { WhatsAppOutbox } from '../server/modules/whatsapp/whatsapp-outbox.ts';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MESSAGES = Number(process.env.BENCH_WHATSAPP ?? 1000);
const RATE_PER_SECOND = 100;
const SETTINGS = { phoneNumberId: '106540352242922', accessToken: 'EAAGm0PX4ZCpsBAbenchAccessToken13' };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function enqueueOne(database: DatabaseHandle, outbox: WhatsAppOutbox, key: string): Promise<{ id: string; committedAt: number }> {
  const id = await database.db.transaction((tx) =>
    outbox.enqueue(tx, {
      template: 'order_shipped',
      to: '+919876543210',
      variables: { customerName: 'Mira', orderNumber: 'DP-20261127-0001', carrier: 'Delhivery', trackingNumber: key },
      dedupeKey: key,
    }),
  );
  return { id: id!, committedAt: wallNow() };
}

/** The stand-in, in its own process: what it accepted, by outbox row id, with the wall-clock time of acceptance. */
async function startStandIn(): Promise<{ url: string; accepted: { reference: string; at: number }[]; requests: () => number; close(): void }> {
  const child = fork(fileURLToPath(new URL('./whatsapp-stand-in.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, PHONE_NUMBER_ID: SETTINGS.phoneNumberId, ACCESS_TOKEN: SETTINGS.accessToken },
  });
  const accepted: { reference: string; at: number }[] = [];
  let requests = 0;
  const url = await new Promise<string>((resolve) => {
    child.on('message', (message: { url?: string; accepted?: { reference: string; at: number }[]; requests?: number }) => {
      if (message.url) resolve(message.url);
      if (message.accepted) accepted.push(...message.accepted);
      if (message.requests) requests = message.requests;
    });
  });
  return { url, accepted, requests: () => requests, close: () => child.kill() };
}

/** Now, on the clock the stand-in stamps its acceptances with. */
const wallNow = () => performance.timeOrigin + performance.now();

async function until(done: () => boolean, timeoutMs: number): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > end) throw new Error('the WhatsApp outbox did not drain in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function benchOn(label: string, database: DatabaseHandle): Promise<void> {
  await database.migrate();
  const meta = await startStandIn();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    WHATSAPP_PHONE_NUMBER_ID: SETTINGS.phoneNumberId,
    WHATSAPP_ACCESS_TOKEN: SETTINGS.accessToken,
    WHATSAPP_APP_SECRET: 'bench-app-secret-of-the-coven',
    WHATSAPP_VERIFY_TOKEN: 'bench-verify-token-of-the-coven',
    WHATSAPP_API_BASE: meta.url,
  });
  const jobs = await openShopJobs(database, {}, { runsWorkers: true });
  const outbox = new WhatsAppOutbox(jobs);

  for (let index = 0; index < MESSAGES; index += 1) await enqueueOne(database, outbox, `bench-backlog-${index}`);
  const started = wallNow();
  const workers = await startShopWorkers(jobs, database, config, {});
  await until(() => new Set(meta.accepted.map((message) => message.reference)).size >= MESSAGES, 300_000);
  const drained = meta.accepted.reduce((latest, message) => Math.max(latest, message.at), 0);
  const perSecond = MESSAGES / ((drained - started) / 1000);

  const sent: { id: string; committedAt: number }[] = [];
  const begin = performance.now();
  const wanted = new Set<string>();
  for (let index = 0; index < MESSAGES; index += 1) {
    const due = begin + (index * 1000) / RATE_PER_SECOND;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const one = await enqueueOne(database, outbox, `bench-steady-${index}`);
    sent.push(one);
    wanted.add(one.id);
  }
  const firstAccepted = () => {
    const at = new Map<string, number>();
    for (const message of meta.accepted) if (!at.has(message.reference)) at.set(message.reference, message.at);
    return at;
  };
  await until(() => {
    const at = firstAccepted();
    return [...wanted].every((id) => at.has(id));
  }, 300_000);
  const at = firstAccepted();
  const latencies = sent.map(({ id, committedAt }) => at.get(id)! - committedAt).sort((a, b) => a - b);
  const requests = meta.requests();
  // The same outbox row accepted twice is a duplicate the customer would see.
  const references = new Map<string, number>();
  for (const message of meta.accepted) references.set(message.reference, (references.get(message.reference) ?? 0) + 1);
  const duplicates = [...references.values()].filter((times) => times > 1).length;
  const { rows: errors } = await database.executeSql("select last_error as error, count(*)::int as count from whatsapp_messages where attempts > 1 group by last_error order by 2 desc limit 3");

  await workers.stop({ graceful: true });
  meta.close();
  console.log(
    `whatsapp on ${label}: ${perSecond.toFixed(0)} messages/s draining ${MESSAGES} queued messages to the Cloud API stand-in (target ≥ 100); ` +
      `enqueue→sent at ${RATE_PER_SECOND}/s p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms (target ≤ 2000); ` +
      `${requests} requests for ${2 * MESSAGES} messages, ${duplicates} sent twice` +
      (errors.length ? `; retried after: ${errors.map((row) => `${String(row.error ?? 'no error kept').slice(0, 120)} ×${String(row.count)}`).join('; ')}` : ''),
  );
}

await onEachDatabase('deosil_whatsapp_bench', benchOn);
