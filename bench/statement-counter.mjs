// Loaded into the shop the checkout bench starts (`--import`), never into the shop itself: counts the SQL
// statements the shop sends to PostgreSQL, by kind, and answers the bench's 'statements?' message with the tally,
// so the bench can print statements per order beside CPU per order. With WEB_CONCURRENCY above 1 the primary
// (which sends none) asks each web process and answers with their sum. Plain JavaScript: worker threads inherit
// the shop's --import flags before tsx is registered in them.
import cluster from 'node:cluster';
import { createRequire } from 'node:module';
import { isMainThread } from 'node:worker_threads';

/** Asks one web process for its tally. */
function tallyOf(worker) {
  return new Promise((resolve) => {
    const answer = (message) => {
      if (!message?.statements) return;
      worker.off('message', answer);
      resolve(message.statements);
    };
    worker.on('message', answer);
    worker.send('statements?');
  });
}

if (isMainThread) {
  const pg = createRequire(import.meta.url)('pg');
  const tally = new Map();
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (...args) {
    const config = args[0];
    const text = typeof config === 'string' ? config : (config?.text ?? '');
    // The statement's start is enough to see where the round trips go.
    const key = text.slice(0, 160).replace(/\s+/g, ' ').trim().slice(0, 90);
    tally.set(key, (tally.get(key) ?? 0) + 1);
    return original.apply(this, args);
  };
  process.on('message', async (message) => {
    if (message !== 'statements?') return;
    const sum = new Map(tally);
    if (cluster.isPrimary) {
      const workers = Object.values(cluster.workers ?? {}).filter(Boolean);
      for (const statements of await Promise.all(workers.map(tallyOf))) {
        for (const [key, count] of statements) sum.set(key, (sum.get(key) ?? 0) + count);
      }
    }
    process.send?.({ statements: [...sum] });
  });
  // The IPC channel must not keep the shop alive when it is told to stop.
  process.channel?.unref();
}
