import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** A timestamp parameter both drivers read the same way. */
export const at = (instant: Date): SQL => sql`${instant.toISOString()}::timestamptz`;

/** True for rows whose `column` lies in [from, to). */
export const within = (column: AnyColumn | SQL, from: Date, to: Date): SQL => sql`(${column} >= ${at(from)} and ${column} < ${at(to)})`;
