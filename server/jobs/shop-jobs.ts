import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { MAIL_QUEUE, type MailJob } from '../modules/mail/email-outbox.ts';
import { MailSender } from '../modules/mail/mail-sender.ts';
import { smtpTransport } from '../modules/mail/mail-transport.ts';
import { JobQueue, type JobTiming, type QueueDefinition } from './job-queue.ts';

/** Retry and timing settings; production uses the defaults, tests shorten them. */
export interface JobsTuning {
  timing?: Partial<JobTiming>;
  mail?: Partial<MailTuning>;
}

interface MailTuning {
  /** Retries after the first attempt; 7 retries with backoff from 30 s spread over about an hour. */
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** How long one attempt may take before it is presumed lost (its process died) and retried. */
  leaseSeconds: number;
  /** Messages one worker sends side by side. */
  batchSize: number;
}

const MAIL_DEFAULTS: MailTuning = { retryLimit: 7, retryDelaySeconds: 30, retryBackoff: true, leaseSeconds: 120, batchSize: 20 };

function mailTuningOf(tuning: JobsTuning): MailTuning {
  return { ...MAIL_DEFAULTS, ...tuning.mail };
}

function queuesOf(tuning: JobsTuning): QueueDefinition[] {
  const mail = mailTuningOf(tuning);
  return [
    {
      name: MAIL_QUEUE,
      retryLimit: mail.retryLimit,
      retryDelaySeconds: mail.retryDelaySeconds,
      retryBackoff: mail.retryBackoff,
      // The job outlives the row's lease a little, so a lost attempt's lease has run out when the job returns.
      expireInSeconds: mail.leaseSeconds + 1,
    },
  ];
}

/**
 * Opens the shop's job queue. A process that runs workers also cleans up lost jobs and fires the schedules;
 * a web process with JOBS_IN_WEB=false only enqueues.
 */
export function openShopJobs(database: DatabaseHandle, tuning: JobsTuning, options: { runsWorkers: boolean; onError?: (error: Error) => void }): Promise<JobQueue> {
  return JobQueue.open(database, queuesOf(tuning), { timing: tuning.timing, schedules: options.runsWorkers, onError: options.onError });
}

export function shopUrlOf(config: Config): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}

export interface RunningWorkers {
  stop(options?: { graceful: boolean }): Promise<void>;
}

/** Starts every worker of the shop on `jobs`: e-mail delivery and the scheduled jobs. */
export async function startShopWorkers(jobs: JobQueue, database: DatabaseHandle, config: Config, tuning: JobsTuning): Promise<RunningWorkers> {
  const mail = mailTuningOf(tuning);
  const transport = config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl, { timeoutMs: (mail.leaseSeconds * 1000) / 2 }) : null;
  const sender = new MailSender(database.db, transport, { shopUrl: shopUrlOf(config) }, {
    from: config.mail.from,
    maxAttempts: mail.retryLimit + 1,
    leaseSeconds: mail.leaseSeconds,
  });
  await jobs.work<MailJob>(MAIL_QUEUE, { batchSize: mail.batchSize }, (job) => sender.deliver(job.messageId));
  return {
    async stop(options = { graceful: true }) {
      await jobs.stop(options);
      transport?.close();
    },
  };
}
