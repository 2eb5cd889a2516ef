import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** One row's new values in a multi-row update: its key and the columns it changes (by their schema names). */
export interface RowChange {
  key: string | number;
  set: Record<string, unknown>;
}

/**
 * The `set` of one UPDATE that gives each row its own values: per column `case key when … then … else column end`,
 * so many rows change in one statement (and one round trip) instead of one each. A row that leaves a column out (or
 * undefined, as Drizzle's own `set` does) keeps it as it is. The caller's `where` names the rows (`inArray(key, keys)`).
 */
export function setEach(table: PgTable, key: PgColumn, rows: readonly RowChange[]): Record<string, SQL> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const set: Record<string, SQL> = {};
  const sets = (row: RowChange, name: string) => row.set[name] !== undefined;
  for (const name of new Set(rows.flatMap((row) => Object.keys(row.set).filter((name) => sets(row, name))))) {
    const column = columns[name];
    if (!column) throw new Error(`${name} is not a column of the table`);
    const type = sql.raw(column.getSQLType());
    const cases = rows.filter((row) => sets(row, name)).map((row) => sql`when ${sql.param(row.key, key)} then ${sql.param(row.set[name], column)}::${type}`);
    set[name] = sql`case ${key} ${sql.join(cases, sql` `)} else ${column} end`;
  }
  return set;
}
