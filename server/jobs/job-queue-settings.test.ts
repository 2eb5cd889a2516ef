import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { JobQueue, type QueueDefinition } from './job-queue.ts';

// Every start brings the queues to the settings in code: a deploy that changes a retry limit must take effect,
// and a start that changes nothing writes nothing (it reads the queues once).
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openDatabase({ kind: 'memory' });
  await database.migrate();
});

afterAll(() => database.close());

/** Opens and stops the queue, counting the statements it sent that write to its queue table. */
async function openWith(queues: QueueDefinition[]): Promise<{ queueWrites: number }> {
  let queueWrites = 0;
  const counting = {
    exclusively: database.exclusively,
    executeSql: (text: string, values?: unknown[]) => {
      if (/^\s*(select pgboss\.create_queue|update pgboss\.queue)\b/i.test(text)) queueWrites += 1;
      return database.executeSql(text, values);
    },
  };
  const jobs = await JobQueue.open(counting, queues, { schedules: false });
  await jobs.stop();
  return { queueWrites };
}

const stored = async (name: string) =>
  (await database.executeSql('select retry_limit, retry_delay, retry_backoff, expire_seconds from pgboss.queue where name = $1', [name])).rows[0];

const mail: QueueDefinition = { name: 'settings-mail', retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 120 };
const digest: QueueDefinition = { name: 'settings-digest', retryLimit: 0, retryDelaySeconds: 60, retryBackoff: false, expireInSeconds: 600 };

it('creates new queues, changes only the ones whose settings changed, and writes nothing when none did', async () => {
  expect((await openWith([mail, digest])).queueWrites).toBe(2);
  expect(await stored('settings-mail')).toEqual({ retry_limit: 5, retry_delay: 30, retry_backoff: true, expire_seconds: 120 });

  expect((await openWith([mail, digest])).queueWrites).toBe(0);

  const changed = { ...mail, retryLimit: 9, expireInSeconds: 180 };
  expect((await openWith([changed, digest])).queueWrites).toBe(1);
  expect(await stored('settings-mail')).toEqual({ retry_limit: 9, retry_delay: 30, retry_backoff: true, expire_seconds: 180 });
  expect(await stored('settings-digest')).toEqual({ retry_limit: 0, retry_delay: 60, retry_backoff: false, expire_seconds: 600 });
});
