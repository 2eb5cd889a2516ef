import { randomBytes } from 'node:crypto';
import pg from 'pg';

async function runOnServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Whether a PostgreSQL server answers at `url` within `timeoutMs`: suites and benches that need one skip it otherwise. */
export async function postgresAnswers(url: string, timeoutMs = 3000): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * A database of its own on a PostgreSQL server, for a test file or a benchmark run: created empty (or as a copy
 * of the `template` database: tests copy one migrated database), and dropped (with any connections still open
 * to it) when done.
 */
export async function createThrowawayDatabase(serverUrl: string, prefix: string, template?: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  if (template !== undefined && !/^[a-z_][a-z0-9_]*$/.test(template)) throw new Error(`Not a database name: ${template}`);
  await runOnServer(serverUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => runOnServer(serverUrl, `drop database if exists ${name} with (force)`) };
}
