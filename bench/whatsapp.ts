// `npm run bench` (WhatsApp part, through bench/notifications.ts beside the mail bench; alone:
// `npx tsx bench/whatsapp.ts`): how fast the workers drain the WhatsApp outbox into a local stand-in of Meta's
// Cloud API, on PGlite and (with DATABASE_URL) on PostgreSQL. Not a test: it prints figures.
//   throughput: 1,000 'order shipped' messages enqueued first, then the workers start; messages accepted per second.
//   latency:    the workers running, 1,000 messages enqueued at a steady 100 a second, each in its own
//               transaction; time from its commit to the stand-in's acceptance, p50 and p99.
// The stand-in runs in a process of its own, as Meta does, and posts each accepted message's status webhooks
// (sent, delivered, read), signed, to the shop's webhook handler served here: a request whose answer is lost
// (a timeout) is then proven taken by its 'sent' status, as in production, and is not sent twice.
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../server/config.ts';
import type { DatabaseHandle } from '../server/db/client.ts';
import { openShopJobs, startShopWorkers } from '../server/jobs/shop-jobs.ts';
import { WhatsAppChannel } from '../server/modules/whatsapp/whatsapp-channel.ts';
import { WhatsAppOutbox } from '../server/modules/whatsapp/whatsapp-outbox.ts';
import { WhatsAppWebhook } from '../server/modules/whatsapp/whatsapp-webhook.ts';
import { onEachDatabase } from './each-database.ts';
import { enqueueSteadily, formatFigures, isMainScript, percentile, until, type OutboxFigures } from './outbox-figures.ts';

const MESSAGES = Number(process.env.BENCH_WHATSAPP ?? 1000);
const SETTINGS = { phoneNumberId: '106540352242922', accessToken: 'EAAGm0PX4ZCpsBAbenchAccessToken13', appSecret: 'bench-app-secret-of-the-coven', verifyToken: 'bench-verify-token-of-the-coven' };

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
async function startStandIn(webhookUrl: string): Promise<{ url: string; accepted: { reference: string; at: number }[]; requests: () => number; statuses: () => { posted: number; refused: number }; close(): void }> {
  const child = fork(fileURLToPath(new URL('./whatsapp-stand-in.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, PHONE_NUMBER_ID: SETTINGS.phoneNumberId, ACCESS_TOKEN: SETTINGS.accessToken, WEBHOOK_URL: webhookUrl, APP_SECRET: SETTINGS.appSecret },
  });
  const accepted: { reference: string; at: number }[] = [];
  let requests = 0;
  let statuses = { posted: 0, refused: 0 };
  const url = await new Promise<string>((resolve) => {
    child.on('message', (message: { url?: string; accepted?: { reference: string; at: number }[]; requests?: number; statuses?: typeof statuses }) => {
      if (message.url) resolve(message.url);
      if (message.accepted) accepted.push(...message.accepted);
      if (message.requests) requests = message.requests;
      if (message.statuses) statuses = message.statuses;
    });
  });
  return { url, accepted, requests: () => requests, statuses: () => statuses, close: () => child.kill() };
}

/** The shop's webhook handler (the one /api/whatsapp/webhook runs) behind a bare HTTP server; statuses only. */
async function startWebhookReceiver(database: DatabaseHandle, outbox: WhatsAppOutbox): Promise<{ url: string; statuses: () => number; failures: string[]; close(): Promise<void> }> {
  const refuse = () => Promise.reject(new Error('no button is pressed in the bench'));
  const webhook = new WhatsAppWebhook(database.db, new WhatsAppChannel(outbox, 'http://localhost'), { confirmLocked: refuse, declineLocked: refuse }, { decideNdr: refuse }, SETTINGS, () => new Date());
  let statuses = 0;
  const failures: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const signature = request.headers['x-hub-signature-256'];
      webhook.receive(Buffer.concat(chunks), Array.isArray(signature) ? signature[0] : signature).then(
        (tally) => {
          statuses += tally.statuses;
          response.writeHead(200).end();
        },
        (error: unknown) => {
          failures.push(error instanceof Error ? error.message : String(error));
          response.writeHead(500).end();
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/whatsapp/webhook`,
    statuses: () => statuses,
    failures,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Now, on the clock the stand-in stamps its acceptances with. */
const wallNow = () => performance.timeOrigin + performance.now();

/** The figures on a migrated database. */
export async function benchWhatsApp(label: string, database: DatabaseHandle): Promise<OutboxFigures> {
  const jobs = await openShopJobs(database, {}, { runsWorkers: true });
  const outbox = new WhatsAppOutbox(jobs);
  const receiver = await startWebhookReceiver(database, outbox);
  const meta = await startStandIn(receiver.url);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    WHATSAPP_PHONE_NUMBER_ID: SETTINGS.phoneNumberId,
    WHATSAPP_ACCESS_TOKEN: SETTINGS.accessToken,
    WHATSAPP_APP_SECRET: SETTINGS.appSecret,
    WHATSAPP_VERIFY_TOKEN: SETTINGS.verifyToken,
    WHATSAPP_API_BASE: meta.url,
    // A message left unanswered waits this long for its status webhook: shorter than the shop's 300 s, so a
    // message Meta never took would still be sent again within the bench's time.
    WHATSAPP_STATUS_WAIT_SECONDS: '30',
  });

  for (let index = 0; index < MESSAGES; index += 1) await enqueueOne(database, outbox, `bench-backlog-${index}`);
  const started = wallNow();
  const workers = await startShopWorkers(jobs, database, config, {});
  await until(() => new Set(meta.accepted.map((message) => message.reference)).size >= MESSAGES, 300_000, 'the WhatsApp outbox');
  const drained = meta.accepted.reduce((latest, message) => Math.max(latest, message.at), 0);
  const perSecond = MESSAGES / ((drained - started) / 1000);

  const sent = await enqueueSteadily(MESSAGES, (index) => enqueueOne(database, outbox, `bench-steady-${index}`));
  const firstAccepted = () => {
    const at = new Map<string, number>();
    for (const message of meta.accepted) if (!at.has(message.reference)) at.set(message.reference, message.at);
    return at;
  };
  await until(() => {
    const at = firstAccepted();
    return sent.every(({ id }) => at.has(id));
  }, 300_000, 'the WhatsApp outbox');
  const at = firstAccepted();
  const latencies = sent.map(({ id, committedAt }) => at.get(id)! - committedAt).sort((a, b) => a - b);
  // Meta's status webhooks for every message (sent, delivered, read) reach the shop before the count is taken.
  const statusesDue = 3 * new Set(meta.accepted.map((message) => message.reference)).size;
  const waitedFrom = performance.now();
  await until(() => meta.statuses().posted >= statusesDue, 120_000, 'the status webhooks').catch(() => undefined);
  const statusesWait = performance.now() - waitedFrom;
  // Messages still waiting for a status webhook (or being retried) could yet be sent again: said beside the count.
  const { rows: waiting } = await database.executeSql("select count(*)::int as count from whatsapp_messages where status in ('unconfirmed', 'sending', 'queued', 'failed')");
  const requests = meta.requests();
  // The same outbox row accepted twice is a duplicate the customer would see.
  const references = new Map<string, number>();
  for (const message of meta.accepted) references.set(message.reference, (references.get(message.reference) ?? 0) + 1);
  const { rows: unanswered } = await database.executeSql("select count(*)::int as count from whatsapp_messages where failure_kind = 'unanswered' or last_error like '%No answer%'");

  await workers.stop({ graceful: true });
  meta.close();
  await receiver.close();
  return {
    channel: 'whatsapp',
    database: label,
    perSecond,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    duplicates: [...references.values()].filter((times) => times > 1).length,
    messages: MESSAGES,
    notes:
      `${requests} requests for ${2 * MESSAGES} messages, ${meta.statuses().posted} status webhooks posted, ${receiver.statuses()} taken ${(statusesWait / 1000).toFixed(1)} s after the last message (${meta.statuses().refused} not answered 200${receiver.failures.length ? `: ${receiver.failures[0]!.slice(0, 120)}` : ''}), ` +
      `${String(unanswered[0]?.count ?? 0)} answers lost, ${String(waiting[0]?.count ?? 0)} still unsent at the end`,
  };
}

if (isMainScript(import.meta.url)) {
  await onEachDatabase('deosil_whatsapp_bench', async (label, database) => {
    await database.migrate();
    console.log(formatFigures(await benchWhatsApp(label, database)));
  });
}
