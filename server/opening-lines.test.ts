import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuild, freeTestPort, startProcess, type ShopProcess } from '../tests/support/shop-processes.ts';

// What `npm start` shows an operator: the address, the database, the back office and, in demo mode, how to sign
// in and the gift card to pay with. JSON lines when its output is not a terminal (a supervisor's journal), readable lines when asked.
let dataDir: string;
let shop: ShopProcess | undefined;

beforeAll(() => ensureBuild(), 300_000);

afterEach(async () => {
  await shop?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function startedOutput(env: Record<string, string>): Promise<{ port: number; lines: string[] }> {
  dataDir = mkdtempSync(path.join(tmpdir(), 'deosil-opening-'));
  const port = await freeTestPort();
  shop = startProcess('npm', ['start'], { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', PUBLIC_URL: `http://127.0.0.1:${port}`, ...env });
  await shop.waitFor(/Demo gift card/);
  // npm's own banner ("> deosil-perfumes@… start", the script) is npm's, not the shop's.
  const lines = shop
    .output()
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('> '));
  return { port, lines };
}

describe('the start in one glance', () => {
  it('writes JSON lines when its output is not a terminal', async () => {
    const { port, lines } = await startedOutput({});
    const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toEqual(
      expect.arrayContaining([
        `Deosil Perfumes is open on http://localhost:${port}, with the job workers`,
        `Database: the embedded PostgreSQL (PGlite) in ${dataDir}`,
        `Back office: http://localhost:${port}/admin`,
        'Demo mode: sign in to the back office as admin@deosil.demo with the password Moonlit-Coven-13',
        "Demo gift card: type MAGE-SPEL-CARD-2345 on the checkout's Payment step (₹2,000.00 when new)",
      ]),
    );
  }, 120_000);

  it('writes readable lines with LOG_FORMAT=pretty', async () => {
    const { port, lines } = await startedOutput({ LOG_FORMAT: 'pretty' });
    expect(lines.every((line) => /^\d\d:\d\d:\d\d (INFO |WARN |ERROR) \S/.test(line)), lines.join('\n')).toBe(true);
    const text = lines.join('\n');
    expect(text).toContain(`INFO  Deosil Perfumes is open on http://localhost:${port}`);
    expect(text).toContain(`INFO  Back office: http://localhost:${port}/admin`);
    expect(text).toContain('with the password Moonlit-Coven-13');
  }, 120_000);
});
