import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { JobQueue } from './job-queue.ts';

// The shop closes its database once the queue's stop has returned, so nothing the queue sent may still be running
// then, and nothing may be sent after it: on PostgreSQL either one is "Cannot use a pool after calling end".
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openDatabase({ kind: 'memory' });
  await database.migrate();
});

afterAll(() => database.close());

it('stop returns only once every poll already sent has answered, and sends nothing afterwards', async () => {
  let running = 0;
  let sentAfterStop = 0;
  let stopped = false;
  // A slow database: a worker's poll is almost always on its way when the stop comes.
  const slow = {
    exclusively: database.exclusively,
    executeSql: async (text: string, values?: unknown[]) => {
      if (stopped) sentAfterStop += 1;
      running += 1;
      try {
        await new Promise((resolve) => setTimeout(resolve, 200));
        return await database.executeSql(text, values);
      } finally {
        running -= 1;
      }
    },
  };
  const queue = { name: 'slow-queue', retryLimit: 0, retryDelaySeconds: 1, retryBackoff: false, expireInSeconds: 60 };
  const jobs = await JobQueue.open(slow, [queue], { timing: { pollingIntervalSeconds: 0.5 } });
  let done = 0;
  await jobs.work(queue.name, { batchSize: 1 }, async () => {
    done += 1;
  });
  await jobs.send(queue.name, {});
  await expect.poll(() => done, { timeout: 10_000 }).toBe(1);

  await jobs.stop();
  stopped = true;
  const inFlightAtStop = running;
  await new Promise((resolve) => setTimeout(resolve, 1500));

  expect(inFlightAtStop).toBe(0);
  expect(sentAfterStop).toBe(0);
});
