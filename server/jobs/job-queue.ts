import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client.ts';
import { executorOf, type Transaction } from './sql-executor.ts';

/**
 * The shop's background jobs on pg-boss, in the shop's own database (PostgreSQL or the embedded PGlite, through
 * the same SQL executor; docs/decisions/0020). Jobs are sent inside the transaction of the write that causes
 * them; workers take them with SKIP LOCKED, so any number of processes share the work, and cron schedules fire
 * once across all of them.
 */

export interface QueueDefinition {
  name: string;
  /** Attempts after the first; then the job is failed for good. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** Doubles the delay on every retry (with jitter). */
  retryBackoff: boolean;
  /** A job still active this long after it started is presumed lost with its worker and retried. */
  expireInSeconds: number;
}

export interface JobTiming {
  /** How often an idle worker looks for jobs (at least 0.5 s). */
  pollingIntervalSeconds: number;
  /** How often lost (expired) jobs are put back for retry. */
  maintenanceIntervalSeconds: number;
  /** How often cron schedules are checked. */
  cronMonitorIntervalSeconds: number;
}

export const DEFAULT_JOB_TIMING: JobTiming = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 60, cronMonitorIntervalSeconds: 30 };

/** How often pg-boss's cron worker sends the jobs of schedules that came due. */
const cronWorkerIntervalOf = (timing: JobTiming) => Math.min(timing.cronMonitorIntervalSeconds, 5);

export interface SendOptions {
  startAfter?: Date;
  singletonKey?: string;
}

export interface WorkOptions {
  /** Jobs taken per fetch; they run side by side and fail or complete one by one. */
  batchSize: number;
  /** How often an idle worker of this queue looks for jobs, when not the queue's usual `pollingIntervalSeconds`. */
  pollingIntervalSeconds?: number;
}

export type JobHandler<T> = (data: T) => Promise<void>;

/**
 * The queue's own statements and job runs still under way. pg-boss's stop waits for the jobs in hand, but not for
 * a poll, a maintenance run or a cron check already sent, nor for a batch that such a poll returns meanwhile; the
 * shop closes the database only once these have settled, and the queue sends nothing after its stop.
 */
class Pending {
  private readonly running = new Set<Promise<unknown>>();
  closed = false;

  track<T>(work: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the job queue is stopped'));
    const running = work();
    this.running.add(running);
    const forget = () => this.running.delete(running);
    running.then(forget, forget);
    return running;
  }

  /** Waits until nothing is running, a turn of the event loop after the last: pg-boss completes a batch just after it. */
  async settled(): Promise<void> {
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      if (this.running.size === 0) return;
      await Promise.allSettled([...this.running]);
    }
  }
}

/** Whether a stored queue already has the settings in code; any other policy than pg-boss's default is a change. */
function sameSettings(stored: PgBoss.QueueResult, wanted: Required<Pick<PgBoss.Queue, 'retryLimit' | 'retryDelay' | 'retryBackoff' | 'expireInSeconds'>>): boolean {
  return (
    (stored.policy ?? 'standard') === 'standard' &&
    stored.retryLimit === wanted.retryLimit &&
    stored.retryDelay === wanted.retryDelay &&
    stored.retryBackoff === wanted.retryBackoff &&
    stored.expireInSeconds === wanted.expireInSeconds
  );
}

export class JobQueue {
  private constructor(
    private readonly boss: PgBoss,
    private readonly queues: ReadonlyMap<string, QueueDefinition>,
    private readonly timing: JobTiming,
    private readonly pending: Pending,
  ) {}

  /** Installs or upgrades the queue's tables (schema `pgboss`) and creates the given queues. */
  static async open(
    database: Pick<DatabaseHandle, 'executeSql' | 'exclusively'>,
    queues: readonly QueueDefinition[],
    options: { timing?: Partial<JobTiming>; schedules?: boolean; onError?: (error: Error) => void } = {},
  ): Promise<JobQueue> {
    const timing = { ...DEFAULT_JOB_TIMING, ...options.timing };
    const pending = new Pending();
    const boss = new PgBoss({
      db: { executeSql: (text, values) => pending.track(() => database.executeSql(text, values)) },
      schema: 'pgboss',
      // Only processes that run workers clean up lost jobs and fire schedules; a web-only process just sends.
      supervise: options.schedules ?? true,
      schedule: options.schedules ?? true,
      maintenanceIntervalSeconds: timing.maintenanceIntervalSeconds,
      cronMonitorIntervalSeconds: timing.cronMonitorIntervalSeconds,
      cronWorkerIntervalSeconds: cronWorkerIntervalOf(timing),
    });
    boss.on('error', (error) => options.onError?.(error));
    // Installing the queue's schema and creating the queues race between processes started together.
    await database.exclusively(async () => {
      await boss.start();
      // One read of every queue, then a write only for a queue that is new or whose settings changed: a warm start
      // sends one statement here instead of two per queue.
      const existing = new Map((await boss.getQueues()).map((row) => [row.name, row]));
      for (const queue of queues) {
        const settings = {
          name: queue.name,
          retryLimit: queue.retryLimit,
          retryDelay: queue.retryDelaySeconds,
          retryBackoff: queue.retryBackoff,
          expireInSeconds: queue.expireInSeconds,
        };
        const stored = existing.get(queue.name);
        // createQueue keeps an existing queue as it is; the settings in code must win after a deploy.
        if (!stored) await boss.createQueue(queue.name, settings);
        else if (!sameSettings(stored, settings)) await boss.updateQueue(queue.name, settings);
      }
    });
    return new JobQueue(boss, new Map(queues.map((queue) => [queue.name, queue])), timing, pending);
  }

  /** Sends a job as part of `tx`: it is there if and only if `tx` commits. */
  async sendInTransaction(tx: Transaction, queue: string, data: object, options: SendOptions = {}): Promise<string | null> {
    this.definition(queue);
    return this.boss.send(queue, data, { ...options, db: executorOf(tx) });
  }

  /**
   * Sends several jobs of `queue` as part of `tx` in one statement (pg-boss's `insert`), each with the queue's
   * retry policy: for writes that cause many jobs at once, such as a batch of e-mails.
   */
  async sendAllInTransaction(tx: Transaction, queue: string, jobs: readonly { data: object; startAfter?: Date }[]): Promise<void> {
    this.definition(queue);
    if (jobs.length === 0) return;
    await this.boss.insert(
      jobs.map((job) => ({ name: queue, data: job.data, ...(job.startAfter ? { startAfter: job.startAfter } : {}) })),
      { db: executorOf(tx) },
    );
  }

  /** Sends a job on its own (for work that no business write causes, such as a schedule's fan-out). */
  async send(queue: string, data: object, options: SendOptions = {}): Promise<string | null> {
    this.definition(queue);
    return this.boss.send(queue, data, options);
  }

  /**
   * Runs `handler` for every job of `queue`. A handler that throws fails that job alone: it is retried with the
   * queue's backoff, and failed for good after the queue's retry limit.
   */
  async work<T extends object>(queue: string, options: WorkOptions, handler: JobHandler<T>): Promise<void> {
    this.definition(queue);
    const pollingIntervalSeconds = options.pollingIntervalSeconds ?? this.timing.pollingIntervalSeconds;
    await this.boss.work<T>(queue, { batchSize: options.batchSize, pollingIntervalSeconds }, (jobs) =>
      this.pending.track(() => this.runBatch(queue, jobs, handler)),
    );
  }

  private async runBatch<T extends object>(queue: string, jobs: PgBoss.Job<T>[], handler: JobHandler<T>): Promise<void> {
    const outcomes = await Promise.allSettled(jobs.map((job) => handler(job.data)));
    // pg-boss completes the whole batch when this returns; it completes only jobs still active, so the ones
    // failed here keep their own retry.
    await Promise.all(
      outcomes.map(async (outcome, index) => {
        if (outcome.status === 'fulfilled') return;
        const reason = outcome.reason as Error;
        await this.boss.fail(queue, jobs[index]!.id, { message: reason?.message ?? String(reason) });
      }),
    );
  }

  /** A cron schedule (UTC unless `tz`); each tick becomes one job, whatever the number of processes. */
  private async schedule(queue: string, cron: string, options: { tz?: string } = {}): Promise<void> {
    this.definition(queue);
    await this.boss.schedule(queue, cron, {}, { tz: options.tz });
  }

  /** Runs `run` whenever `cron` fires (once across all processes), one run at a time per worker. */
  async runOnSchedule(queue: string, cron: string, run: () => Promise<unknown>, options: { tz?: string } = {}): Promise<void> {
    // A schedule's jobs are sent by pg-boss's cron worker, which looks every min(cron monitor, 5) s (see open):
    // looking for them more often finds nothing, and cost a statement per schedule every half second, idle or
    // busy: about twenty a second across the shop's dozen schedules, as many as 20 checkouts a second sent.
    const pollingIntervalSeconds = Math.max(this.timing.pollingIntervalSeconds, cronWorkerIntervalOf(this.timing));
    await this.work(queue, { batchSize: 1, pollingIntervalSeconds }, async () => {
      await run();
    });
    await this.schedule(queue, cron, options);
  }

  /**
   * Stops taking jobs. `graceful` waits for the jobs in hand; otherwise they stay active and are retried once
   * they expire, as if the process had died.
   */
  async stop(options: { graceful: boolean } = { graceful: true }): Promise<void> {
    await this.boss.stop({ graceful: options.graceful, wait: true, close: false, timeout: 10_000 });
    await this.pending.settled();
    this.pending.closed = true;
  }

  private definition(queue: string): QueueDefinition {
    const definition = this.queues.get(queue);
    if (!definition) throw new Error(`Unknown job queue ${queue}`);
    return definition;
  }
}
