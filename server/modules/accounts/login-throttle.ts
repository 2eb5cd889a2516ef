import { and, asc, count, eq, gt, inArray, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { loginFailures } from '../../db/schema/index.ts';
import { HttpError } from '../../http/errors.ts';

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_MAX_FAILURES = 10;

const keysOf = (email: string, ip: string) => [`email:${email}`, `ip:${ip}`];

/**
 * Failed sign-ins are counted in the database per account and per address, so a guesser gets ten tries in
 * fifteen minutes however many server processes share the load.
 */
export class LoginThrottle {
  constructor(private readonly db: Database) {}

  /** Refuses with 429 and Retry-After while either the account or the address is over the limit. */
  async check(email: string, ip: string, now = new Date()): Promise<void> {
    const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
    for (const key of keysOf(email, ip)) {
      const [row] = await this.db.select({ failures: count() }).from(loginFailures).where(and(eq(loginFailures.key, key), gt(loginFailures.failedAt, since)));
      const failures = row?.failures ?? 0;
      if (failures < LOGIN_MAX_FAILURES) continue;
      // The window reopens when the failure that tipped it over the limit ages out.
      const recent = await this.db
        .select({ failedAt: loginFailures.failedAt })
        .from(loginFailures)
        .where(and(eq(loginFailures.key, key), gt(loginFailures.failedAt, since)))
        .orderBy(asc(loginFailures.failedAt))
        .offset(failures - LOGIN_MAX_FAILURES)
        .limit(1);
      const reopensAt = (recent[0]?.failedAt.getTime() ?? now.getTime()) + LOGIN_WINDOW_MS;
      const retryAfter = Math.max(1, Math.ceil((reopensAt - now.getTime()) / 1000));
      throw new HttpError(429, `Too many failed sign-in attempts. Please try again in ${Math.ceil(retryAfter / 60)} minute(s).`, undefined, {
        'retry-after': String(retryAfter),
      });
    }
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const keys = keysOf(email, ip);
    await this.db.insert(loginFailures).values(keys.map((key) => ({ key })));
    // Old rows of these keys are of no further use; pruning here keeps the table small without a job.
    await this.db.delete(loginFailures).where(and(inArray(loginFailures.key, keys), lt(loginFailures.failedAt, new Date(Date.now() - LOGIN_WINDOW_MS))));
  }

  /** A correct password clears the account's count (not the address's: one network may hold many guessers). */
  async recordSuccess(email: string): Promise<void> {
    await this.db.delete(loginFailures).where(or(eq(loginFailures.key, `email:${email}`)));
  }
}
