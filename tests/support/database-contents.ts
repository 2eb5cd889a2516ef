import type { DatabaseHandle } from '../../server/db/client.ts';

/**
 * Every table of every schema the shop has (its own and the job queue's), or of the `schemas` named, with its row
 * count and a digest of its rows.
 */
export async function contentsOf(database: DatabaseHandle, schemas?: string[]): Promise<Record<string, string>> {
  const { rows: tables } = await database.executeSql(
    schemas
      ? "select table_schema || '.' || table_name as name from information_schema.tables where table_type = 'BASE TABLE' and table_schema = any($1) order by 1"
      : "select table_schema || '.' || table_name as name from information_schema.tables where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1",
    schemas ? [schemas] : undefined,
  );
  const contents: Record<string, string> = {};
  for (const { name } of tables as { name: string }[]) {
    const [schema, table] = name.split('.');
    const { rows } = await database.executeSql(`select count(*)::text || ' rows ' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as summary from "${schema}"."${table}" t`);
    contents[name] = rows[0]!.summary as string;
  }
  return contents;
}
