import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseEnv } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from './config.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const envExample = readFileSync(path.join(root, '.env.example'), 'utf8');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');

describe('every variable the shop reads is documented', () => {
  it('in .env.example, set or shown commented out', () => {
    const missing = CONFIG_VARIABLES.filter((name) => !new RegExp(`^(# )?${name}=`, 'm').test(envExample));
    expect(missing, 'add these to .env.example').toEqual([]);
  });

  it("in the README's configuration table", () => {
    const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1));
    const rows = table.split('\n').filter((line) => line.startsWith('| `'));
    const missing = CONFIG_VARIABLES.filter((name) => !rows.some((row) => row.split(' | ')[0]!.includes(`\`${name}\``)));
    expect(missing, "add these to the README's configuration table").toEqual([]);
  });

  it('.env.example copied to .env as it is is a configuration the shop starts with', () => {
    expect(() => loadConfig(parseEnv(envExample))).not.toThrow();
  });
});

describe('.env in the working directory', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** `npm start`'s server entry run from `dir`, as far as its configuration check. */
  function startIn(env: Record<string, string>) {
    // tsx by its file: `--import tsx` would look for it in `dir`.
    const tsx = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href;
    return spawnSync(process.execPath, ['--import', tsx, path.join(root, 'server/main.ts')], {
      cwd: dir,
      env: { PATH: process.env.PATH, ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });
  }

  it('is read at start', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'deosil-env-'));
    writeFileSync(path.join(dir, '.env'), 'PORT=abc\n');
    const run = startIn({});
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/PORT/);
  });

  it('gives way to the environment', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'deosil-env-'));
    // The file's PORT would fail first; the environment's PORT wins, so the file's next bad value is the one named.
    writeFileSync(path.join(dir, '.env'), 'PORT=abc\nSELLER_GSTIN=not-a-gstin\n');
    const run = startIn({ PORT: '3400' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/SELLER_GSTIN/);
    expect(run.stderr).not.toMatch(/PORT/);
  });
});
