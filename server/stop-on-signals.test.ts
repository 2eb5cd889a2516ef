import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commandOf, descendantsOf, ensureBuild, freeTestPort, isRunning, killTree, portIsFree, startProcess, waitForStatus, type ShopProcess } from '../tests/support/shop-processes.ts';

// `npm start` run as systemd, Docker or PM2 run it: they hold the PID they started and signal that PID alone.
let dataDir: string;
let shop: ShopProcess | undefined;
let started: number[] = [];

beforeAll(() => ensureBuild(), 300_000);

afterEach(() => {
  killTree(shop?.child.pid, started);
  rmSync(dataDir, { recursive: true, force: true });
});

async function startShop(env: Record<string, string> = {}): Promise<{ port: number; shop: ShopProcess; tree: number[] }> {
  dataDir = mkdtempSync(path.join(tmpdir(), 'deosil-signals-'));
  const port = await freeTestPort();
  shop = startProcess('npm', ['start'], { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', PUBLIC_URL: `http://127.0.0.1:${port}`, ...env });
  // A first start on an empty data directory migrates and seeds the demo catalogue; on two busy cores (the
  // PostgreSQL suite runs beside this one) that can take more than a minute.
  await waitForStatus(`http://127.0.0.1:${port}/api/health`, 200, 150_000);
  const tree = [shop.child.pid!, ...descendantsOf(shop.child.pid!)];
  started = tree;
  return { port, shop, tree };
}

describe('a supervisor stops `npm start` by its PID', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('%s drains and ends the whole shop, leaving the port free', async (signal) => {
    const { port, shop, tree } = await startShop();
    // npm's one child is the shop itself (no shell between to swallow the signal), its compiled build on plain
    // Node, with no TypeScript loader (its one flag sizes V8's young generation, docs/decisions/0086).
    expect(tree.slice(1).map(commandOf)).toEqual([expect.stringMatching(/^\S*node --max-semi-space-size=\d+ scripts\/start\.mjs$/)]);

    process.kill(shop.child.pid!, signal);
    await shop.exited;

    expect(shop.child.exitCode, shop.output()).toBe(0);
    expect(tree.filter(isRunning)).toEqual([]);
    expect(await portIsFree(port)).toBe(true);
  }, 240_000);

  it('a second signal stops at once, without waiting out SHUTDOWN_GRACE_MS for a request still arriving', async () => {
    const { port, shop, tree } = await startShop({ SHUTDOWN_GRACE_MS: '120000' });
    // A request whose headers never end keeps the server's close waiting (until its 30 s request timeout). A
    // whole request answered first on the same connection proves the shop has taken the connection in, so the
    // signal cannot come before the shop knows of it.
    const slow = connect(port, '127.0.0.1');
    slow.on('error', () => {});
    const answered = new Promise((resolve) => slow.once('data', resolve));
    slow.write('GET /api/health HTTP/1.1\r\nHost: shop\r\n\r\n');
    await answered;
    slow.write('GET /api/health HTTP/1.1\r\nHost: shop\r\n');

    process.kill(shop.child.pid!, 'SIGTERM');
    await shop.waitFor(/SIGTERM: finishing the requests and jobs in hand/);
    // Past the half second in which a repeat counts as the same signal arriving twice.
    await new Promise((resolve) => setTimeout(resolve, 700));
    process.kill(shop.child.pid!, 'SIGTERM');
    await shop.exited;
    slow.destroy();

    expect(shop.output()).toMatch(/SIGTERM again: stopping at once/);
    expect(shop.child.exitCode).toBe(128 + 15);
    expect(tree.filter(isRunning)).toEqual([]);
    expect(await portIsFree(port)).toBe(true);
  }, 240_000);
});
