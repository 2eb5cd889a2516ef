import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';

type Executor = Pick<Database, 'delete'>;

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
  return ended.length;
}
