import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { hasProductionBuild } from '../../server/http/pages.ts';

/** A port nothing on this machine listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Whether nothing listens on `port` (on any interface) right now. */
export async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/**
 * A free port from the range these process tests keep to: 3400-3499, or `SHOP_TEST_PORTS` (`3720-3739`) on a
 * machine where each developer has ports of their own.
 */
export async function freeTestPort(): Promise<number> {
  const [first, last] = (process.env.SHOP_TEST_PORTS ?? '3400-3499').split('-').map(Number) as [number, number];
  const count = last - first + 1;
  const start = Math.floor(Math.random() * count);
  for (let step = 0; step < count; step += 1) {
    const port = first + ((start + step) % count);
    if (await portIsFree(port)) return port;
  }
  throw new Error(`no free port in ${first}-${last}`);
}

/** The process's state letter from /proc (`Z` a zombie, which has ended), or undefined once it is gone. */
function stateOf(pid: number): string | undefined {
  try {
    return /\) (\S)/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1];
  } catch {
    return undefined;
  }
}

/** Whether `pid` is still a running process (a zombie has ended; only its exit status waits to be read). */
export function isRunning(pid: number): boolean {
  const state = stateOf(pid);
  return state !== undefined && state !== 'Z';
}

/** The process's command line, its arguments joined by spaces ('' once it is gone). */
export function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return '';
  }
}

/** Every process below `pid`, read from /proc, children before grandchildren. */
export function descendantsOf(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent's id is the second field after the command name, which is in parentheses and may hold spaces.
      const parent = Number(/\) \S (\d+)/.exec(readFileSync(`/proc/${entry}/stat`, 'utf8'))?.[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while the list was read.
    }
  }
  const found: number[] = [];
  for (let queue = [pid]; queue.length > 0; ) {
    const next = children.get(queue.shift()!) ?? [];
    found.push(...next);
    queue.push(...next);
  }
  return found;
}

/**
 * Ends `pid`, every process below it and the `known` ones seen below it earlier (which outlive it as orphans) at
 * once: a failed test's leftovers; a passing test stops them itself.
 */
export function killTree(pid: number | undefined, known: number[] = []): void {
  if (!pid) return;
  for (const each of new Set([pid, ...descendantsOf(pid), ...known])) {
    if (isRunning(each)) process.kill(each, 'SIGKILL');
  }
}

/** Pages need the production build; a fresh clone builds it once here. */
export function ensureBuild(): void {
  if (hasProductionBuild()) return;
  const result = spawnSync(process.execPath, ['node_modules/@react-router/dev/bin.js', 'build'], { stdio: 'ignore' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

export interface ShopProcess {
  child: ChildProcess;
  /** Everything the process wrote, for a failing test's message. */
  output(): string;
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** Settles when the process has exited. */
  exited: Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** `server/main.ts` or `server/worker.ts` as its own Node process, the way `npm start` / `npm run worker` run them. */
export function startShopProcess(entry: 'server/main.ts' | 'server/worker.ts', env: Record<string, string>): ShopProcess {
  return startProcess(process.execPath, ['--import', 'tsx', entry], { NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env });
}

/**
 * `command` as a supervisor starts it: a child in this process's group, its output read, signalled by its own PID
 * alone (systemd, Docker and PM2 signal the main process; only a terminal's Ctrl-C reaches a whole group).
 */
export function startProcess(command: string, args: string[], env: Record<string, string>): ShopProcess {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const label = [command, ...args].join(' ');
  let output = '';
  const waiters: { pattern: RegExp; resolve: () => void }[] = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of [...waiters]) {
      if (waiter.pattern.test(output)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => output,
    waitFor: (pattern, timeoutMs = 60_000) =>
      new Promise<void>((resolve, reject) => {
        if (pattern.test(output)) return resolve();
        const timer = setTimeout(() => reject(new Error(`${label} never printed ${pattern}:\n${output}`)), timeoutMs);
        waiters.push({ pattern, resolve: () => (clearTimeout(timer), resolve()) });
        void exited.then(() => reject(new Error(`${label} exited (code ${child.exitCode}):\n${output}`)));
      }),
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** `npm start` run to its end, as an operator runs it: its exit code and what it wrote to stderr. */
export function runStart(env: Record<string, string>): { status: number | null; stderr: string } {
  const run = spawnSync('npm', ['start'], { env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, stderr: run.stderr };
}

/** Polls `GET url` until it answers `status`, or fails with the last answer. */
export async function waitForStatus(url: string, status = 200, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status === status) return;
      last = `${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer ${status} (last: ${last})`);
}
