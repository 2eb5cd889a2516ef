import cluster, { type Worker } from 'node:cluster';
import type { Config } from '../config.ts';

/**
 * The primary of `WEB_CONCURRENCY=N`: forks N web processes that all listen on PORT (node:cluster hands each
 * new connection to one of them) and forks a replacement when one dies, after a pause that grows while they keep
 * dying, so a broken deploy does not spin. SIGTERM/SIGINT is passed on and the primary exits when they have.
 */
export function runCluster(config: Pick<Config, 'webConcurrency' | 'port' | 'shutdownGraceMs'>): void {
  let stopping = false;
  let quickDeaths = 0;
  const startedAt = new Map<Worker, number>();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
  };

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? Date.now());
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) process.exit(0);
      return;
    }
    quickDeaths = lived < 10_000 ? quickDeaths + 1 : 0;
    const delay = Math.min(30_000, 250 * 2 ** Math.min(quickDeaths, 7));
    console.error(`web process ${worker.process.pid} ended (${signal ?? `code ${code}`}); starting another in ${delay} ms`);
    setTimeout(() => {
      if (!stopping) fork();
    }, delay).unref();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => process.exit(1), config.shutdownGraceMs + 2_000).unref();
    if (startedAt.size === 0) process.exit(0);
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));

  for (let index = 0; index < config.webConcurrency; index += 1) fork();
  console.info(`Deosil Perfumes: ${config.webConcurrency} web processes on port ${config.port}`);
}
