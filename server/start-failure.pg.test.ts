import { describe, expect, it } from 'vitest';
import { freeTestPort, runStart } from '../tests/support/shop-processes.ts';

// On a PostgreSQL server that answers: the database or the user named in DATABASE_URL is not there.
const serverUrl = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const server = `${serverUrl.hostname}:${serverUrl.port || '5432'}`;

function urlWith(change: (url: URL) => void): string {
  const url = new URL(serverUrl);
  change(url);
  return url.toString();
}

describe('a start on a PostgreSQL server that lacks what DATABASE_URL names says so in one line', () => {
  it('a database that does not exist', async () => {
    const run = runStart({ PORT: String(await freeTestPort()), DATABASE_URL: urlWith((url) => (url.pathname = '/deosil_never_created')) });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(`DATABASE_URL: the database deosil_never_created does not exist on ${server}; create it (createdb deosil_never_created) or name another.\n`);
  });

  it('a user the server does not know', async () => {
    const run = runStart({ PORT: String(await freeTestPort()), DATABASE_URL: urlWith((url) => ((url.username = 'deosil_no_such_role'), (url.password = 'secret-word'))) });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`^DATABASE_URL: PostgreSQL at ${server} (does not let user deosil_no_such_role in|refused the password of user deosil_no_such_role)[^\\n]*\\n$`));
    expect(run.stderr).not.toMatch(/secret-word/);
  });
});
