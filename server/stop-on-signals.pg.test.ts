import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createThrowawayDatabase } from './db/throwaway-database.ts';
import { descendantsOf, ensureBuild, freeTestPort, isRunning, killTree, portIsFree, startProcess, waitForStatus, type ShopProcess } from '../tests/support/shop-processes.ts';

// On PostgreSQL: the web process and `npm run worker`, each stopped by its PID as a supervisor does. Everything
// that uses the pool (the job queue's polls and schedules included) stops before the pool closes.
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
let throwaway: Awaited<ReturnType<typeof createThrowawayDatabase>>;
let running: ShopProcess | undefined;

beforeAll(async () => {
  ensureBuild();
  throwaway = await createThrowawayDatabase(serverUrl, 'deosil_signals');
}, 300_000);

afterEach(() => {
  killTree(running?.child.pid);
});

afterAll(async () => {
  await throwaway?.drop();
});

async function stopByPid(shop: ShopProcess): Promise<number[]> {
  const tree = [shop.child.pid!, ...descendantsOf(shop.child.pid!)];
  process.kill(shop.child.pid!, 'SIGTERM');
  await shop.exited;
  return tree.filter(isRunning);
}

describe('stopped by its PID on PostgreSQL', () => {
  it('`npm start` with the job workers ends cleanly, closing the pool only after the queue', async () => {
    const port = await freeTestPort();
    running = startProcess('npm', ['start'], { PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: throwaway.url, NODE_ENV: 'production', PUBLIC_URL: `http://127.0.0.1:${port}` });
    await waitForStatus(`http://127.0.0.1:${port}/api/ready`);
    // Long enough for the job workers to be polling when the signal comes.
    await new Promise((resolve) => setTimeout(resolve, 1500));

    expect(await stopByPid(running)).toEqual([]);
    expect(running.child.exitCode, running.output()).toBe(0);
    expect(running.output()).not.toMatch(/pool after calling end|job queue error/);
    expect(await portIsFree(port)).toBe(true);
  }, 120_000);

  it('`npm run worker` finishes its jobs and ends, leaving nothing behind', async () => {
    running = startProcess('npm', ['run', 'worker'], { DATABASE_URL: throwaway.url, NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1:3400' });
    await running.waitFor(/workers are running/);
    await new Promise((resolve) => setTimeout(resolve, 1500));

    expect(await stopByPid(running)).toEqual([]);
    expect(running.child.exitCode, running.output()).toBe(0);
    expect(running.output()).not.toMatch(/pool after calling end|job queue error/);
    // Off a terminal the worker writes JSON lines, like the web process (npm's banner aside).
    const lines = running
      .output()
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('> '));
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(expect.arrayContaining([expect.stringMatching(/^Deosil Perfumes workers are running/), expect.stringMatching(/^SIGTERM: finishing/)]));
  }, 120_000);
});
