import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';

type Executor = Pick<Database, 'delete' | 'execute'>;

/** NOTIFY channel that says an account's sessions ended, so its live streams re-check their session at once. */
export const SESSIONS_ENDED_CHANNEL = 'deosil_sessions_ended';

/**
 * Tells every server process that some sessions of this account ended. Inside a transaction PostgreSQL sends it on
 * commit, so nobody re-checks before the sessions are really gone.
 */
export async function announceSessionsEnded(db: Pick<Database, 'execute'>, userId: string): Promise<void> {
  await db.execute(sql`select pg_notify(${SESSIONS_ENDED_CHANNEL}, ${userId})`);
}

/**
 * Ends every session of an account, or every one but `except` (the caller's own, when the account holder
 * changed their own password). Call it in the same transaction as any change of role, password or sign-in
 * e-mail: a token issued under the old facts must not carry over to the new ones.
 */
export async function endSessionsOf(db: Executor, userId: string, options: { except?: string | null } = {}): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(options.except ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, options.except)) : eq(sessions.userId, userId))
    .returning({ tokenHash: sessions.tokenHash });
  if (ended.length > 0) await announceSessionsEnded(db, userId);
  return ended.length;
}
