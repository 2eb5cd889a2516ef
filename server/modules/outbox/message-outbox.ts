/**
 * What the shop's message outboxes share: one row per message, written with its job in the transaction of the
 * event that causes it, and a job per row that claims the row before it sends. The SMS and WhatsApp outboxes use
 * all of it; the e-mail outbox its job, RetryLater and the log's page (its sender keeps its own claim, which waits
 * for a held lease rather than retrying).
 *
 * - `enqueueMessage` writes the row, once per dedupe key, and its job, in the caller's transaction: a rolled-back
 *   event sends nothing, a committed one is sent even if the process dies right after.
 * - `MessageAttempts` is one attempt's hold on the row. The claim is a single UPDATE (queued or failed, or held
 *   under a lease that ran out), so a job run twice or two workers at once make one attempt; the outcome is written
 *   only while the row is still that attempt's; a failed attempt leaves the row 'failed' and throws the job back to
 *   the queue, which retries it with its backoff (server/jobs/shop-jobs.ts), or 'dead' after the last
 *   (domain/message-attempts.ts).
 * - `newestFirst` is a page of an outbox for the back office's log.
 *
 * What differs stays with each channel: what a message is (a DLT template and a number, a rendered e-mail), the
 * provider's request and its errors, and the states past 'sending' (WhatsApp's 'unconfirmed' wait for a status
 * webhook, docs/decisions/0072).
 */
import { and, count, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { attemptError, statusAfterFailedAttempt } from '../../../domain/message-attempts.ts';
import type { Database } from '../../db/client.ts';
import type { JobQueue, SendOptions } from '../../jobs/job-queue.ts';
import type { Transaction } from '../../jobs/sql-executor.ts';

/** The columns claiming, fencing and listing use, which every outbox table has. */
export type OutboxTable = PgTable & {
  id: AnyPgColumn;
  dedupeKey: AnyPgColumn;
  status: AnyPgColumn;
  attempts: AnyPgColumn;
  lastError: AnyPgColumn;
  leaseUntil: AnyPgColumn;
  createdAt: AnyPgColumn;
  updatedAt: AnyPgColumn;
};

export type OutboxRow<T extends OutboxTable> = T['$inferSelect'] & { id: string; status: string; attempts: number };

/** What an outbox row may be changed to: its columns' values, or SQL. */
export type OutboxChanges<T extends OutboxTable> = PgUpdateSetSource<T>;

/** A delivery job names its row; the row, not the job, says what is left to do. */
export interface OutboxJob {
  messageId: string;
}

/** Thrown so the job is retried later with the queue's backoff; the row already records why. */
export class RetryLater extends Error {}

export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Writes a message's row and its job in `tx`; the row's id, or null when its dedupe key was already in the outbox. */
export async function enqueueMessage<T extends OutboxTable>(
  tx: Transaction,
  jobs: Pick<JobQueue, 'sendInTransaction'>,
  queue: string,
  table: T,
  values: T['$inferInsert'],
  options: SendOptions = {},
): Promise<string | null> {
  const [row] = (await tx
    .insert(table)
    .values(values as PgInsertValue<T>)
    .onConflictDoNothing({ target: table.dedupeKey })
    .returning({ id: table.id })) as { id: string }[];
  if (!row) return null;
  await jobs.sendInTransaction(tx, queue, { messageId: row.id } satisfies OutboxJob, options);
  return row.id;
}

export interface AttemptSettings {
  /** Attempts before a message is dead: the queue's retry limit plus the first attempt. */
  maxAttempts: number;
  /** How long one attempt may hold a message before another may presume it lost. */
  leaseSeconds: number;
}

/** The claim's answer: the row, now this attempt's, or why another attempt's lease still keeps it. */
export type ClaimResult<T extends OutboxTable> = { row: OutboxRow<T> } | { heldBecause: string };

export class MessageAttempts<T extends OutboxTable> {
  constructor(
    private readonly db: Database,
    private readonly table: T,
    private readonly settings: AttemptSettings,
    /**
     * The statuses in which a row is held until its lease_until, each with why an attempt that finds it so leaves
     * it for later ('sending': another attempt has it). Once the lease has run out, the next attempt takes the row.
     */
    private readonly heldStatuses: Readonly<Record<string, string>>,
  ) {}

  /**
   * Takes the row for this attempt, or null when there is nothing (more) to send: a message already sent (or
   * further) or dead is left alone. A row another attempt's lease still holds is left for a retry (RetryLater).
   */
  async claim(id: string): Promise<OutboxRow<T> | null> {
    const claimed = await this.tryClaim(id);
    if (claimed && 'heldBecause' in claimed) throw new RetryLater(claimed.heldBecause);
    return claimed?.row ?? null;
  }

  /** As `claim`, but a held row is answered with why, for a channel that would rather wait for the lease. */
  async tryClaim(id: string): Promise<ClaimResult<T> | null> {
    const { table } = this;
    const [row] = (await this.db
      .update(table)
      .set({ status: 'sending', attempts: sql`${table.attempts} + 1`, leaseUntil: sql`now() + make_interval(secs => ${this.settings.leaseSeconds})`, updatedAt: sql`now()` } as OutboxChanges<T>)
      .where(
        and(
          eq(table.id, id),
          or(inArray(table.status, ['queued', 'failed']), and(inArray(table.status, Object.keys(this.heldStatuses)), lt(table.leaseUntil, sql`now()`))),
        ),
      )
      .returning()) as OutboxRow<T>[];
    if (row) return { row };
    const [current] = (await this.db.select({ status: table.status }).from(table as PgTable).where(eq(table.id, id))) as { status: string }[];
    if (current && Object.hasOwn(this.heldStatuses, current.status)) return { heldBecause: this.heldStatuses[current.status]! };
    return null;
  }

  /**
   * Records the attempt's outcome, only while the row is still this attempt's: an attempt that outlived its lease
   * (another has taken over) must not overwrite what the newer one recorded. The lease ends with it unless the
   * changes set another. In `tx` when the outcome goes with other writes; true when it was recorded.
   */
  async finish(claimed: OutboxRow<T>, changes: OutboxChanges<T>, tx: Database | Transaction = this.db): Promise<boolean> {
    const { table } = this;
    const lastError = (changes as { lastError?: unknown }).lastError;
    const recorded = await tx
      .update(table)
      .set({ leaseUntil: null, ...changes, ...(typeof lastError === 'string' && lastError ? { lastError: lastError.slice(0, 1000) } : {}), updatedAt: sql`now()` } as OutboxChanges<T>)
      .where(and(eq(table.id, claimed.id), eq(table.status, 'sending'), eq(table.attempts, claimed.attempts)))
      .returning({ id: table.id });
    return recorded.length > 0;
  }

  /**
   * Records a failed attempt with `reason` (and any of the channel's own `changes`): dead after the last attempt or
   * a refusal no retry mends, else failed, and the job is thrown back to the queue for its retry.
   */
  async fail(claimed: OutboxRow<T>, reason: string, options: { refusedForGood?: boolean; changes?: OutboxChanges<T> } = {}): Promise<void> {
    const status = statusAfterFailedAttempt(claimed.attempts, this.settings.maxAttempts, options.refusedForGood);
    await this.finish(claimed, { ...options.changes, status, lastError: attemptError(claimed.attempts, reason) } as OutboxChanges<T>);
    if (status === 'failed') throw new RetryLater(reason);
  }
}

export interface PageQuery {
  page: number;
  limit: number;
}

/** Where a page of an outbox starts and ends, for a channel that reads its rows with more beside them. */
export interface OutboxPage {
  order: SQL[];
  limit: number;
  offset: number;
}

/**
 * A page of an outbox, newest first, and the pager of the back office's log. `read` reads the page's rows, for a
 * channel that shows more beside each message (an order number); by default the rows as they are.
 */
export async function newestFirst<T extends OutboxTable, Row = OutboxRow<T>>(
  db: Database,
  table: T,
  query: PageQuery,
  read: (page: OutboxPage) => PromiseLike<Row[]> = (page) => db.select().from(table as PgTable).orderBy(...page.order).limit(page.limit).offset(page.offset) as PromiseLike<Row[]>,
) {
  const page: OutboxPage = { order: [desc(table.createdAt), desc(table.id)], limit: query.limit, offset: (query.page - 1) * query.limit };
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([read(page), db.select({ total: count() }).from(table as PgTable)]);
  return { rows, pagination: { page: query.page, limit: query.limit, total, pages: Math.max(1, Math.ceil(total / query.limit)) } };
}
