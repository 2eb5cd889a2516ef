import { availableParallelism } from 'node:os';
import { SHOP_TIME_ZONE } from '../../domain/orders.ts';
import { backupStoreOf } from '../backup/backup-stores.ts';
import { backUpAndPrune, dailyBackupCron, DATABASE_BACKUP_QUEUE } from '../backup/database-backups.ts';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { removeStrayReturnPhotos, STRAY_RETURN_PHOTOS_CRON, STRAY_RETURN_PHOTOS_QUEUE } from '../modules/uploads/return-photos.ts';
import { uploadStorageOf } from '../modules/uploads/upload-storage.ts';
import { recipientAllowanceOf } from '../modules/mail/recipient-allowance.ts';
import { EmailOutbox, MAIL_QUEUE } from '../modules/mail/email-outbox.ts';
import { LOW_STOCK_DIGEST_CRON, LOW_STOCK_DIGEST_QUEUE, LowStockDigest } from '../modules/mail/low-stock-digest.ts';
import { MailSender } from '../modules/mail/mail-sender.ts';
import { TaxDocumentFiles } from '../modules/invoices/tax-documents.ts';
import { RenderPool } from '../modules/mail/render-pool.ts';
import { HOLD_EXPIRY_CRON, HOLD_EXPIRY_QUEUE, releaseExpiredHolds } from '../modules/inventory/checkout-holds.ts';
import { GIFT_CARD_REMINDER_CRON, GIFT_CARD_REMINDER_QUEUE, remindExpiringGiftCards } from '../modules/balances/expiry-reminders.ts';
import { foldRollupSlots, ROLLUP_FOLD_CRON, ROLLUP_FOLD_QUEUE } from '../modules/analytics/sales-rollup-folding.ts';
import { foldRecordedSales, SALES_COUNT_CRON, SALES_COUNT_QUEUE } from '../modules/products/sales-count.ts';
import type { CodService } from '../modules/cash-on-delivery/cod-service.ts';
import { StockWaitlist } from '../modules/stock-waitlist/stock-waitlist.ts';
import { applyRetention, RETENTION_CRON, RETENTION_QUEUE } from '../modules/privacy/retention.ts';
import { COURIER_QUEUE, TRACKING_POLL_CRON, TRACKING_POLL_QUEUE, type CourierJob, type CourierJobs } from '../modules/shipments/courier-queue.ts';
import { PURCHASE_EVENTS_QUEUE, PurchaseEvents, type PurchaseEventsJob } from '../modules/analytics/purchase-events.ts';
import { SMS_QUEUE } from '../modules/sms/sms-outbox.ts';
import { SmsSender } from '../modules/sms/sms-sender.ts';
import { smsProviderOf } from '../modules/sms/sms-provider-of-config.ts';
import { cloudApiProvider } from '../modules/whatsapp/cloud-api-client.ts';
import { WHATSAPP_QUEUE, WhatsAppOutbox } from '../modules/whatsapp/whatsapp-outbox.ts';
import { WhatsAppSender } from '../modules/whatsapp/whatsapp-sender.ts';
import type { AttemptSettings, OutboxJob } from '../modules/outbox/message-outbox.ts';
import { JobQueue, type JobTiming, type QueueDefinition } from './job-queue.ts';
import { CART_RECOVERY_CRON, CART_RECOVERY_QUEUE, type CartRecovery } from '../modules/recovery/cart-recovery.ts';

/** Retry and timing settings; production uses the defaults, tests shorten them. */
export interface JobsTuning {
  timing?: Partial<JobTiming>;
  mail?: Partial<MailTuning>;
  courier?: Partial<Pick<QueueDefinition, 'retryLimit' | 'retryDelaySeconds' | 'retryBackoff'>>;
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
  /**
   * Workers per process, each fetching its own batch. A worker waits for its whole batch before it fetches the
   * next, so one worker leaves the CPU idle while a batch's last messages are on the wire; three overlap
   * rendering with SMTP and database waits (the mail bench drained 40 e-mails/s with one, 57 with three).
   */
  workers: number;
  /**
   * Threads that render e-mails beside the workers (render-pool.ts): one fewer than the machine's cores, at least
   * one and at most four; 0 renders in the workers' own thread.
   */
  renderThreads: number;
}

const MAIL_DEFAULTS: MailTuning = {
  retryLimit: 7,
  retryDelaySeconds: 30,
  retryBackoff: true,
  leaseSeconds: 120,
  batchSize: 20,
  workers: 3,
  renderThreads: Math.min(4, Math.max(1, availableParallelism() - 1)),
};

function mailTuningOf(tuning: JobsTuning): MailTuning {
  return { ...MAIL_DEFAULTS, ...tuning.mail };
}

/** A message outbox's queue (e-mail, SMS, WhatsApp): retried with the mail tuning's backoff. */
function outboxQueueOf(name: string, mail: MailTuning): QueueDefinition {
  return {
    name,
    retryLimit: mail.retryLimit,
    retryDelaySeconds: mail.retryDelaySeconds,
    retryBackoff: mail.retryBackoff,
    // The job outlives the row's lease a little, so a lost attempt's lease has run out when the job returns.
    expireInSeconds: mail.leaseSeconds + 1,
  };
}

/** How many attempts a message gets and how long each may hold it, for every outbox's sender. */
function attemptSettingsOf(mail: MailTuning): AttemptSettings {
  return { maxAttempts: mail.retryLimit + 1, leaseSeconds: mail.leaseSeconds };
}

function queuesOf(tuning: JobsTuning): QueueDefinition[] {
  const mail = mailTuningOf(tuning);
  return [
    outboxQueueOf(MAIL_QUEUE, mail),
    // Texts retry like mail, on the same tuning: a sign-in code is worth sending while it lives (10 minutes).
    outboxQueueOf(SMS_QUEUE, mail),
    // WhatsApp messages retry like mail (429 and 5xx from Meta back off from 30 s over about an hour).
    outboxQueueOf(WHATSAPP_QUEUE, mail),
    // The digest job only enqueues (its e-mails go through the mail queue); a failed run is retried a few times.
    { name: LOW_STOCK_DIGEST_QUEUE, retryLimit: 3, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 300 },
    // Each run releases every hold that ran out; a failed run is simply done by the next minute's.
    { name: HOLD_EXPIRY_QUEUE, retryLimit: 0, retryDelaySeconds: 60, retryBackoff: false, expireInSeconds: 120 },
    // Gift card reminders: what a failed morning leaves, the next morning's run sends (each card once).
    { name: GIFT_CARD_REMINDER_QUEUE, retryLimit: 2, retryDelaySeconds: 600, retryBackoff: false, expireInSeconds: 600 },
    // Likewise for cash-on-delivery orders nobody confirmed in time, and for sales to count.
    { name: COD_EXPIRY_QUEUE, retryLimit: 0, retryDelaySeconds: 60, retryBackoff: false, expireInSeconds: 120 },
    { name: SALES_COUNT_QUEUE, retryLimit: 0, retryDelaySeconds: 60, retryBackoff: false, expireInSeconds: 120 },
    // Hourly, and what a failed run leaves is the next hour's work.
    { name: STRAY_RETURN_PHOTOS_QUEUE, retryLimit: 0, retryDelaySeconds: 60, retryBackoff: false, expireInSeconds: 600 },
    // A failed backup is tried again twice, an hour apart; the archive of a small shop takes seconds.
    { name: DATABASE_BACKUP_QUEUE, retryLimit: 2, retryDelaySeconds: 3600, retryBackoff: false, expireInSeconds: 1800 },
    // Deleting what is due is idempotent: a failed night is done by the next night's run.
    { name: RETENTION_QUEUE, retryLimit: 2, retryDelaySeconds: 600, retryBackoff: false, expireInSeconds: 900 },
    // A courier call that failed (5xx, timeout) is retried with backoff from 30 s for about four hours: an outage
    // delays a booking, never loses it; each booking step is kept, so a retry resumes where the last stopped.
    { name: COURIER_QUEUE, retryLimit: 9, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 180, ...tuning.courier },
    // Hourly; what a failed run leaves is asked about by the next.
    { name: TRACKING_POLL_QUEUE, retryLimit: 0, retryDelaySeconds: 60, retryBackoff: false, expireInSeconds: 1800 },
    // Folding is idempotent: a failed night is retried a few times, or done by the next night's run.
    { name: ROLLUP_FOLD_QUEUE, retryLimit: 3, retryDelaySeconds: 300, retryBackoff: true, expireInSeconds: 600 },
    // Each run sends what is due and marks what was bought; a failed run's work is done by the next, a minute on.
    { name: CART_RECOVERY_QUEUE, retryLimit: 0, retryDelaySeconds: 60, retryBackoff: false, expireInSeconds: 120 },
    // A purchase sent from the server (GA4, Meta): retried with backoff for about an hour, each destination once.
    { name: PURCHASE_EVENTS_QUEUE, retryLimit: 6, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 60 },
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

/** The pg-boss queue whose schedule cancels cash-on-delivery orders not confirmed within their 24 hours. */
export const COD_EXPIRY_QUEUE = 'cod-confirmation-expiry';
/** Every minute: an unconfirmed order outlives its deadline by a minute at most. */
export const COD_EXPIRY_CRON = '* * * * *';

export interface RunningWorkers {
  stop(options?: { graceful: boolean }): Promise<void>;
}

/**
 * Starts every worker of the shop on `jobs`: e-mail delivery, the daily low-stock digest, the release of
 * checkout stock holds that expired, the products' sales figures brought up to date, the nightly folding of the
 * sales rollup's slots, the hourly removal of return photos no return claimed, the nightly deletion of what the privacy notice keeps only for a period, and (given the shop's cash-on-delivery service, whose clock it runs on) the cancellation
 * of COD orders nobody confirmed, each on its schedule.
 */
export async function startShopWorkers(
  jobs: JobQueue,
  database: DatabaseHandle,
  config: Config,
  tuning: JobsTuning,
  cod?: Pick<CodService, 'expireUnconfirmed'>,
  courier?: Pick<CourierJobs, 'run' | 'pollSilent'>,
  recovery?: Pick<CartRecovery, 'run'>,
): Promise<RunningWorkers> {
  const mail = mailTuningOf(tuning);
  // nodemailer loads only where mail goes out by SMTP, and then after the port answers (the workers start later).
  const transport = config.mail.smtpUrl
    ? (await import('../modules/mail/mail-transport.ts')).smtpTransport(config.mail.smtpUrl, { timeoutMs: (mail.leaseSeconds * 1000) / 2 })
    : null;
  const documents = new TaxDocumentFiles(database.db);
  const renderPool = mail.renderThreads > 0 ? new RenderPool(mail.renderThreads) : null;
  const sender = new MailSender(
    database.db,
    transport,
    { shopUrl: shopUrlOf(config) },
    { from: config.mail.from, replyTo: config.mail.shopInbox ?? config.mail.from, ...attemptSettingsOf(mail), attachments: (refs) => documents.attachmentsOf(refs) },
    renderPool?.render,
  );
  for (let worker = 0; worker < mail.workers; worker += 1) {
    await jobs.work<OutboxJob>(MAIL_QUEUE, { batchSize: mail.batchSize }, (job) => sender.deliver(job.messageId));
  }
  const texts = new SmsSender(database.db, smsProviderOf(config), attemptSettingsOf(mail));
  await jobs.work<OutboxJob>(SMS_QUEUE, { batchSize: mail.batchSize }, (job) => texts.deliver(job.messageId));
  // Without the WHATSAPP_* settings nothing is enqueued, so nothing needs a worker.
  if (config.whatsapp) {
    const whatsapp = new WhatsAppSender(database.db, cloudApiProvider(config.whatsapp), new WhatsAppOutbox(jobs), {
      ...attemptSettingsOf(mail),
      statusWaitSeconds: config.whatsapp.statusWaitSeconds,
    });
    for (let worker = 0; worker < mail.workers; worker += 1) {
      await jobs.work<OutboxJob>(WHATSAPP_QUEUE, { batchSize: mail.batchSize }, (job) => whatsapp.deliver(job.messageId));
    }
  }
  const digest = new LowStockDigest(database.db, new EmailOutbox(jobs, config.mail.from));
  await jobs.runOnSchedule(LOW_STOCK_DIGEST_QUEUE, LOW_STOCK_DIGEST_CRON, () => digest.run(new Date()), { tz: SHOP_TIME_ZONE });
  // Units an expired hold gives back can end a sold-out spell: the waiting shoppers hear of it as on a restock.
  const waitlist = new StockWaitlist(database.db, new EmailOutbox(jobs, config.mail.from, undefined, recipientAllowanceOf(database.db, config)), () => new Date());
  await jobs.runOnSchedule(HOLD_EXPIRY_QUEUE, HOLD_EXPIRY_CRON, () =>
    releaseExpiredHolds(database.db, new Date(), (tx, productIds) => waitlist.announceBackInStock(tx, productIds)),
  );
  await jobs.runOnSchedule(SALES_COUNT_QUEUE, SALES_COUNT_CRON, () => foldRecordedSales(database.db));
  await jobs.runOnSchedule(GIFT_CARD_REMINDER_QUEUE, GIFT_CARD_REMINDER_CRON, () => remindExpiringGiftCards(database.db, new EmailOutbox(jobs, config.mail.from), new Date()), { tz: SHOP_TIME_ZONE });
  await jobs.runOnSchedule(ROLLUP_FOLD_QUEUE, ROLLUP_FOLD_CRON, () => foldRollupSlots(database.db), { tz: SHOP_TIME_ZONE });
  await jobs.runOnSchedule(RETENTION_QUEUE, RETENTION_CRON, () => applyRetention(database.db, new Date()), { tz: SHOP_TIME_ZONE });
  const uploads = uploadStorageOf(config);
  await jobs.runOnSchedule(STRAY_RETURN_PHOTOS_QUEUE, STRAY_RETURN_PHOTOS_CRON, () => removeStrayReturnPhotos(database.db, uploads, new Date()));
  // The embedded database is backed up by the process that holds it; a PostgreSQL server has its own tools.
  if (database.driver === 'pglite' && config.backups.dailyAt) {
    const backups = backupStoreOf(config);
    await jobs.runOnSchedule(DATABASE_BACKUP_QUEUE, dailyBackupCron(config.backups.dailyAt), () => backUpAndPrune(database, backups, config.backups.retention), { tz: SHOP_TIME_ZONE });
  }
  if (cod) await jobs.runOnSchedule(COD_EXPIRY_QUEUE, COD_EXPIRY_CRON, () => cod.expireUnconfirmed());
  const purchases = new PurchaseEvents(database.db, { ...config.purchaseEvents, shopUrl: shopUrlOf(config) });
  await jobs.work<PurchaseEventsJob>(PURCHASE_EVENTS_QUEUE, { batchSize: 5 }, (job) => purchases.send(job.orderId));
  if (courier) {
    await jobs.work<CourierJob>(COURIER_QUEUE, { batchSize: 5 }, (job) => courier.run(job));
    await jobs.runOnSchedule(TRACKING_POLL_QUEUE, TRACKING_POLL_CRON, () => courier.pollSilent());
  }
  if (recovery) await jobs.runOnSchedule(CART_RECOVERY_QUEUE, CART_RECOVERY_CRON, () => recovery.run(new Date()));
  return {
    async stop(options = { graceful: true }) {
      await jobs.stop(options);
      await renderPool?.close();
      transport?.close();
    },
  };
}
