import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { NamedStatementClient, PREPARED_PER_CONNECTION } from './named-statements.ts';
import { createThrowawayDatabase } from './throwaway-database.ts';

// PostgreSQL only: prepared statements live in a server backend, one per connection.
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
let throwaway: Awaited<ReturnType<typeof createThrowawayDatabase>>;
// Typed as node-postgres' own client: it is one, with the same overloads.
let client: pg.Client;

beforeAll(async () => {
  throwaway = await createThrowawayDatabase(serverUrl, 'deosil_named_statements');
  client = new NamedStatementClient({ connectionString: throwaway.url });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
  await throwaway?.drop();
});

const preparedOnServer = async () =>
  (await client.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map((row) => row.statement);

describe('the connection that prepares its statements', () => {
  it('prepares a parameterised statement once and answers every call with its own values', async () => {
    const text = 'select $1::int * 2 as doubled';
    const answers = [];
    for (const value of [1, 2, 3]) answers.push((await client.query<{ doubled: number }>({ text, values: [value] })).rows[0]!.doubled);
    expect(answers).toEqual([2, 4, 6]);
    expect((await preparedOnServer()).filter((statement) => statement === text)).toHaveLength(1);
  });

  it('sends a text without parameters as a simple query, so several statements in one text still run (migrations)', async () => {
    await client.query('create table if not exists simple_probe (n int); insert into simple_probe values (7)');
    expect((await client.query<{ n: number }>('select n from simple_probe')).rows).toEqual([{ n: 7 }]);
    expect(await preparedOnServer()).not.toContain('select n from simple_probe');
  });

  it('stops preparing new texts past its bound, and still runs them', async () => {
    const before = (await preparedOnServer()).length;
    for (let index = before; index < PREPARED_PER_CONNECTION + 5; index += 1) {
      const result = await client.query<{ n: number }>({ text: `select $1::int + ${index} as n`, values: [1] });
      expect(result.rows[0]!.n).toBe(index + 1);
    }
    expect((await preparedOnServer()).length).toBe(PREPARED_PER_CONNECTION);
  });

  it('is what the shop opens on PostgreSQL, unless told not to (a pooler in between that cannot keep prepared statements)', async () => {
    const prepared = async (preparedStatements: boolean) => {
      const database = await openDatabase({ kind: 'postgres', url: throwaway.url, poolSize: 1, preparedStatements });
      try {
        await database.executeSql('select $1::int as one', [1]);
        return (await database.executeSql('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;
      } finally {
        await database.close();
      }
    };
    expect(await prepared(true)).toBe(1);
    expect(await prepared(false)).toBe(0);
  });

  it('is what a pool of the shop uses: a failed statement leaves the connection usable and the statement prepared', async () => {
    const pool = new pg.Pool({ connectionString: throwaway.url, max: 1, Client: NamedStatementClient });
    try {
      await expect(pool.query('select 1 / $1::int as q', [0])).rejects.toThrow(/division by zero/);
      expect((await pool.query<{ q: number }>('select 1 / $1::int as q', [1])).rows).toEqual([{ q: 1 }]);
    } finally {
      await pool.end();
    }
  });
});
