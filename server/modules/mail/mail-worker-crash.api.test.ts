import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { emailMessages } from '../../db/schema/index.ts';
import { openShopJobs, startShopWorkers, type RunningWorkers } from '../../jobs/shop-jobs.ts';
import { SHIPPING } from '../../../tests/support/checkout.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../../tests/support/smtp-catcher.ts';
import { startTestShop, TEST_JOBS, type TestShop } from '../../../tests/support/test-app.ts';
import { orderMailDataOf } from './templates/order-mail-data.ts';

let shop: TestShop;
let smtp: SmtpCatcher;
let env: Record<string, string>;
const running: RunningWorkers[] = [];

async function startWorker(): Promise<RunningWorkers> {
  const jobs = await openShopJobs(shop.database, TEST_JOBS, { runsWorkers: true });
  const workers = await startShopWorkers(jobs, shop.database, loadConfig(env), TEST_JOBS);
  running.push(workers);
  return workers;
}

async function row(dedupeKey: string) {
  const [found] = await shop.database.db.select().from(emailMessages).where(eq(emailMessages.dedupeKey, dedupeKey));
  return found!;
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('Timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  // This web process only enqueues; the workers below are started and stopped by the test.
  env = { SMTP_URL: smtp.url, MAIL_FROM: 'orders@deosil.test', JOBS_IN_WEB: 'false', LOG_LEVEL: 'silent', NODE_ENV: 'test' };
  shop = await startTestShop({ env });
});
afterAll(async () => {
  for (const workers of running) await workers.stop({ graceful: false }).catch(() => {});
  await shop?.close();
  await smtp?.close();
});

it('delivers exactly one message when its worker is stopped mid-send and another takes over', async () => {
  const first = await startWorker();
  smtp.freezeNext();
  const data = orderMailDataOf(
    { orderNumber: 'DP-20261121-0042', customerName: 'Mira', subtotalPaise: 10_000, discountPaise: 0, totalPaise: 10_000, coupon: null, shippingAddress: SHIPPING.shippingAddress },
    [{ name: 'Valor', slug: 'valor', size: '50ml', quantity: 1, unitPricePaise: 10_000, lineTotalPaise: 10_000 }],
  );
  await shop.database.db.transaction((tx) =>
    shop.app.services.outbox.enqueue(tx, { template: 'order-confirmation', to: 'mira@deosil.test', data, dedupeKey: 'crash:1', category: 'transactional' }),
  );

  // The first worker has handed the message to the SMTP server, which has not answered yet.
  await until(() => smtp.attempts === 1);
  expect((await row('crash:1')).status).toBe('sending');

  // It stops taking jobs without waiting for the one in hand, which never finishes: a worker killed mid-send.
  await first.stop({ graceful: false }).catch(() => {});
  await startWorker();

  await smtp.waitFor(1);
  await until(async () => (await row('crash:1')).status === 'sent');
  expect(await row('crash:1')).toMatchObject({ status: 'sent', attempts: 2 });

  // The frozen attempt now fails on the old connection; it no longer owns the row and changes nothing.
  await smtp.close();
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(smtp.messages).toHaveLength(1);
  expect(smtp.messages[0]!.subject).toBe('Your order DP-20261121-0042 is confirmed');
  expect((await row('crash:1')).status).toBe('sent');
});
