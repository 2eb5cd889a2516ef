// `npm run bench` (mail part, through bench/notifications.ts; alone: `npx tsx bench/mail.ts`): how fast the workers drain the e-mail outbox into a local SMTP server, on PGlite
// and (with DATABASE_URL) on PostgreSQL. Not a test: it prints figures.
//   throughput: 1,000 order confirmations enqueued first, then the workers start; e-mails accepted per second.
//   Each is measured twice in one run: rendering in the workers' own thread (the yardstick), then in render threads.
//   latency:    the workers running, 1,000 confirmations enqueued at a steady 100 a second, each in its own
//               transaction; time from its commit to the SMTP server's acceptance, p50 and p99.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../server/config.ts';
import type { DatabaseHandle } from '../server/db/client.ts';
import { onEachDatabase } from './each-database.ts';
import { openShopJobs, startShopWorkers, type JobsTuning } from '../server/jobs/shop-jobs.ts';
import { EmailOutbox } from '../server/modules/mail/email-outbox.ts';
import { orderMailDataOf } from '../server/modules/mail/templates/order-mail-data.ts';
import { enqueueSteadily, formatFigures, isMainScript, percentile, until, type OutboxFigures } from './outbox-figures.ts';

const MESSAGES = Number(process.env.BENCH_MAILS ?? 1000);

/** An SMTP server that accepts everything and notes when each Message-ID first arrived, and how often. */
async function startSink(): Promise<{ url: string; accepted: Map<string, number>; times: Map<string, number>; close(): Promise<void> }> {
  const accepted = new Map<string, number>();
  const times = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 4096) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        const id = /^Message-ID:\s*(<[^>]+>)/im.exec(head)?.[1];
        if (id) {
          if (!accepted.has(id)) accepted.set(id, performance.now());
          times.set(id, (times.get(id) ?? 0) + 1);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    accepted,
    times,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
const DATA = orderMailDataOf(
  {
    orderNumber: 'DP-20261123-0001',
    customerName: 'Mira Night',
    subtotalPaise: 899_700,
    discountPaise: 89_970,
    totalPaise: 809_730,
    coupon: { code: 'DIWALI10' },
    shippingAddress: { street: '12 Moonlit Lane', city: 'Pune', state: 'Maharashtra', zipCode: '411001', country: 'India' },
  },
  [
    { name: 'Valor', slug: 'valor', size: '50ml', quantity: 2, unitPricePaise: 299_900, lineTotalPaise: 599_800 },
    { name: 'Nazar', slug: 'nazar', size: '30ml', quantity: 1, unitPricePaise: 299_900, lineTotalPaise: 299_900 },
  ],
);

async function enqueueOne(database: DatabaseHandle, outbox: EmailOutbox, key: string): Promise<{ messageId: string; committedAt: number }> {
  const { messageId } = await database.db.transaction((tx) =>
    outbox.enqueue(tx, { template: 'order-confirmation', to: 'mira@deosil.bench', data: DATA, dedupeKey: key, category: 'transactional' }),
  );
  return { messageId, committedAt: performance.now() };
}

/** Rendering in the workers' own thread (the yardstick) and in the render threads the shop uses by default. */
export const MAIL_VARIANTS: { name: string; tuning: JobsTuning }[] = [
  { name: 'rendering in the workers\' thread', tuning: { mail: { renderThreads: 0 } } },
  { name: 'rendering in render threads (default)', tuning: {} },
];

/** One variant's figures on a migrated database; `run` keeps each run's dedupe keys apart. */
export async function benchMail(label: string, database: DatabaseHandle, tuning: JobsTuning, run: number): Promise<OutboxFigures> {
  const sink = await startSink();
  const config = loadConfig({ SMTP_URL: sink.url, MAIL_FROM: 'Deosil Perfumes <orders@deosil.bench>', LOG_LEVEL: 'silent' });
  const jobs = await openShopJobs(database, tuning, { runsWorkers: true });
  const outbox = new EmailOutbox(jobs, config.mail.from);

  // Throughput: a backlog of MESSAGES, then the workers.
  for (let index = 0; index < MESSAGES; index += 1) await enqueueOne(database, outbox, `bench-${run}-backlog-${index}`);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const workers = await startShopWorkers(jobs, database, config, tuning);
  await until(() => sink.accepted.size >= MESSAGES, 300_000, 'the e-mail outbox');
  const drained = [...sink.accepted.values()].reduce((latest, at) => Math.max(latest, at), 0);
  const perSecond = MESSAGES / ((drained - started) / 1000);
  const cpu = process.cpuUsage(cpuBefore);
  const mainThreadShare = (cpu.user + cpu.system) / 1000 / (drained - started);

  // Latency: the workers running, messages arriving at a steady rate.
  const sent = await enqueueSteadily(MESSAGES, (index) => enqueueOne(database, outbox, `bench-${run}-steady-${index}`));
  await until(() => sent.every(({ messageId }) => sink.accepted.has(messageId)), 300_000, 'the e-mail outbox');
  const latencies = sent.map(({ messageId, committedAt }) => sink.accepted.get(messageId)! - committedAt).sort((a, b) => a - b);

  await workers.stop({ graceful: true });
  await sink.close();
  return {
    channel: 'mail',
    database: label,
    perSecond,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    duplicates: [...sink.times.values()].filter((times) => times > 1).length,
    messages: MESSAGES,
    notes: `process CPU ${(mainThreadShare * 100).toFixed(0)}% of one core`,
  };
}

if (isMainScript(import.meta.url)) {
  await onEachDatabase('deosil_mail_bench', async (label, database) => {
    await database.migrate();
    for (const [run, variant] of MAIL_VARIANTS.entries()) console.log(formatFigures(await benchMail(`${label}, ${variant.name}`, database, variant.tuning, run)));
  });
}
