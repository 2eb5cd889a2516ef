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
 * A database of its own on a PostgreSQL server, for a test file or a benchmark run: created empty, and dropped
 * (with any connections still open to it) when done.
 */
export async function createThrowawayDatabase(serverUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await runOnServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => runOnServer(serverUrl, `drop database if exists ${name} with (force)`) };
}
