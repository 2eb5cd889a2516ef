import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateCounters } from '../db/schema/index.ts';
import type { Transaction } from '../jobs/sql-executor.ts';
import { HttpError } from './errors.ts';

export interface RateLimit {
  /** Attempts allowed in one window. */
  max: number;
  windowMs: number;
}

export type Hit = { allowed: true; hits: number } | { allowed: false; hits: number; retryAfterSeconds: number };

function prepareHit(db: Database | Transaction) {
  const window = sql`make_interval(secs => ${sql.placeholder('seconds')}::double precision)`;
  const expired = sql`${rateCounters.windowStartedAt} <= now() - ${window}`;
  return db
    .insert(rateCounters)
    .values({ key: sql.placeholder('key'), hits: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateCounters.hits} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${rateCounters.windowStartedAt} end`,
      },
    })
    .returning({
      hits: rateCounters.hits,
      retryAfterSeconds: sql<string>`ceil(extract(epoch from (${rateCounters.windowStartedAt} + ${window} - now())))`,
    })
    .prepare('rate_counter_hit');
}

/**
 * Counts attempts per key in fixed windows stored in the database. `hit` counts the attempt and reads the new
 * count in one upsert, so forty parallel attempts get forty different counts and exactly `max` of them pass,
 * in one process or many.
 */
export class RateCounter {
  private hitQuery?: ReturnType<typeof prepareHit>;

  constructor(private readonly db: Database) {}

  /**
   * `within` counts inside the caller's transaction (an e-mail enqueued with its business write): the count then
   * stands or falls with that write, and the embedded database, one connection, is not asked for a second one.
   */
  async hit(key: string, limit: RateLimit, within?: Transaction): Promise<Hit> {
    // Sign-ins, forms and payment orders all count here: the upsert is built once and prepared.
    const query = within ? prepareHit(within) : (this.hitQuery ??= prepareHit(this.db));
    const [row] = await query.execute({ key, seconds: limit.windowMs / 1000 });
    const hits = row?.hits ?? 1;
    if (hits <= limit.max) return { allowed: true, hits };
    return { allowed: false, hits, retryAfterSeconds: Math.max(1, Number(row?.retryAfterSeconds ?? 1)) };
  }

  /** Counts the attempt, or refuses it with 429 and Retry-After once the key is over its limit. */
  async take(key: string, limit: RateLimit, message: (retryAfterSeconds: number) => string): Promise<void> {
    const result = await this.hit(key, limit);
    if (!result.allowed) throw tooMany(result.retryAfterSeconds, message(result.retryAfterSeconds));
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(rateCounters).where(sql`${rateCounters.key} = ${key}`);
  }
}

export function tooMany(retryAfterSeconds: number, message: string): HttpError {
  return new HttpError(429, message, undefined, { 'retry-after': String(retryAfterSeconds) });
}
