import cluster, { type Worker } from 'node:cluster';
import type { Config } from '../config.ts';
import { lineWriter, logFormatOf } from '../log-format.ts';
import { stopOnSignals } from '../stop-on-signals.ts';

/**
 * The primary of `WEB_CONCURRENCY=N`: forks N web processes that all listen on PORT (node:cluster hands each
 * new connection to one of them) and forks a replacement when one dies, after a pause that grows while they keep
 * dying, so a broken deploy does not spin. SIGTERM/SIGINT is passed on and the primary exits when they have; a
 * second signal ends the primary at once, and its web processes with it (a cluster worker exits when its
 * primary's channel closes).
 */
export function runCluster(config: Pick<Config, 'webConcurrency' | 'port' | 'shutdownGraceMs' | 'logFormat'>): void {
  const say = lineWriter(logFormatOf(config.logFormat));
  let stopping = false;
  let allEnded = () => {};
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
      if (startedAt.size === 0) allEnded();
      return;
    }
    quickDeaths = lived < 10_000 ? quickDeaths + 1 : 0;
    const delay = Math.min(30_000, 250 * 2 ** Math.min(quickDeaths, 7));
    say('error', `web process ${worker.process.pid} ended (${signal ?? `code ${code}`}); starting another in ${delay} ms`);
    setTimeout(() => {
      if (!stopping) fork();
    }, delay).unref();
  });

  stopOnSignals({
    // Each web process has the grace for its own drain; the primary waits a little longer for their exits.
    graceMs: config.shutdownGraceMs + 2_000,
    drain: () => {
      stopping = true;
      const ended = new Promise<void>((resolve) => (allEnded = resolve));
      if (startedAt.size === 0) return Promise.resolve();
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
      return ended;
    },
    say,
  });

  for (let index = 0; index < config.webConcurrency; index += 1) fork();
  say('info', `Deosil Perfumes: ${config.webConcurrency} web processes on port ${config.port}`);
}
