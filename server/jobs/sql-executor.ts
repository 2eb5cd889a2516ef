import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/** What the job queue needs from a connection: pg-boss's `db` option. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** Any Drizzle transaction of the shop's database. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Drizzle leaves undefined out of a query altogether; node-postgres sends it as NULL, which pg-boss expects. */
function parameterOf(value: unknown): unknown {
  if (value === undefined) return null;
  // A plain object is a jsonb value (a job's data): sent as JSON text by either driver.
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)) return JSON.stringify(value);
  return value;
}

/** '$1'-style SQL text and its values as one Drizzle chunk, each placeholder bound to its value. */
export function toDrizzleSql(text: string, values: readonly unknown[] = []): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    const index = Number(match[1]) - 1;
    if (index < 0 || index >= values.length) throw new RangeError(`No value for placeholder ${match[0]}`);
    chunks.push(sql.raw(text.slice(last, match.index)), sql`${sql.param(parameterOf(values[index]))}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks, sql.raw(''));
}

/**
 * Runs the queue's statements inside the caller's transaction, so a job exists exactly when the business
 * write that caused it commits.
 */
export function executorOf(tx: Transaction): SqlExecutor {
  return {
    async executeSql(text, values) {
      const result = (await tx.execute(toDrizzleSql(text, values))) as unknown as { rows: Record<string, unknown>[] };
      return { rows: result.rows };
    },
  };
}
