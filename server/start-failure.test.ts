import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFailureOf } from './start-failure.ts';
import { ensureBuild, freeTestPort, runStart } from '../tests/support/shop-processes.ts';

let dataDir: string;
let occupied: Server | undefined;

beforeAll(() => ensureBuild(), 300_000);

afterEach(() => {
  occupied?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a start that cannot go on says why in one line and exits 1', () => {
  it('a bad value names the variable in a sentence', () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'deosil-fail-'));
    const run = runStart({ PORT: 'abc', DATA_DIR: dataDir });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('Invalid configuration: PORT must be a whole number from 1 to 65535\n');
  });

  it('a busy port is found before the database is opened or seeded', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'deosil-fail-'));
    const port = await freeTestPort();
    occupied = createServer().listen(port);
    await new Promise((resolve) => occupied!.once('listening', resolve));
    const run = runStart({ PORT: String(port), DATA_DIR: path.join(dataDir, 'data') });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(`PORT ${port} is already in use on 0.0.0.0: stop what listens there, or set PORT to a free port.\n`);
    expect(existsSync(path.join(dataDir, 'data'))).toBe(false);
  });

  it('PostgreSQL not answering names DATABASE_URL', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'deosil-fail-'));
    // Port 1 on this machine: nothing listens there, so the connection is refused at once.
    const run = runStart({ PORT: String(await freeTestPort()), DATABASE_URL: 'postgres://shop:secret@127.0.0.1:1/deosil' });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('DATABASE_URL: PostgreSQL at 127.0.0.1:1 refuses connections; is it running, and on that port?\n');
    expect(run.stderr).not.toMatch(/secret/);
  });
});

describe('the sentence for each failure around the shop', () => {
  const place = { port: 3000, host: '0.0.0.0', dataDir: '/srv/deosil', databaseUrl: 'postgres://shop:secret@db.internal:6432/deosil' };

  it('a wrong password names the user and never the password', () => {
    const line = startFailureOf(Object.assign(new Error('password authentication failed for user "shop"'), { code: '28P01' }), place);
    expect(line).toBe('DATABASE_URL: PostgreSQL at db.internal:6432 refused the password of user shop.');
  });

  it('an unwritable data directory names DATA_DIR', () => {
    const line = startFailureOf(Object.assign(new Error("EACCES: permission denied, mkdir '/srv/deosil'"), { code: 'EACCES', syscall: 'mkdir' }), { ...place, databaseUrl: undefined });
    expect(line).toBe("DATA_DIR /srv/deosil cannot be written (EACCES: permission denied, mkdir '/srv/deosil').");
  });

  it("leaves a fault of the shop's own to its stack trace", () => {
    expect(startFailureOf(new TypeError('x is not a function'), place)).toBeUndefined();
  });
});
