// Shared by the benchmarks: start a server as its own process, load it with autocannon, measure its CPU.
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { createThrowawayDatabase } from '../server/db/throwaway-database.ts';

export const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

export interface Row {
  database: string;
  target: string;
  requestsPerSecond: number;
  /** Requests served per second of the server's own CPU time: its capacity, whatever the load generator manages. */
  perCpuSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Forks `script` (a server) on `port` and resolves once it answers its health route (or `/` for a yardstick). */
export function startChild(
  script: string,
  env: NodeJS.ProcessEnv,
  port: number,
  healthPath = script.includes('yardstick') ? '/' : '/api/health',
  startTimeoutMs = 120_000,
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(script, [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', PUBLIC_URL: `http://127.0.0.1:${port}` },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    const deadline = Date.now() + startTimeoutMs;
    const poll = async () => {
      try {
        const response = await fetch(`http://127.0.0.1:${port}${healthPath}`);
        if (response.ok) return resolve(child);
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        // Not left behind holding the port.
        child.removeAllListeners('exit');
        child.kill('SIGKILL');
        return reject(new Error(`${script} did not start within ${startTimeoutMs / 1000} s`));
      }
      setTimeout(poll, 200);
    };
    void poll();
  });
}

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far, from /proc. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** Peak resident memory of a process (VmHWM), in MiB. */
export function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kib / 1024);
}

// What every browser sends; the shop answers it with compressed bodies, as it does for real shoppers.
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

export async function load(pid: number, url: string, headers: Record<string, string> = BROWSER_HEADERS, connections = CONNECTIONS): Promise<Omit<Row, 'database' | 'target'>> {
  await autocannon({ url, headers, connections, duration: 2 }); // warm-up: JIT, caches, pool
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({ url, headers, connections, duration: DURATION_S });
  const serverCpu = cpuSeconds(pid) - cpuBefore;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    perCpuSecond: Math.round(result.requests.total / Math.max(serverCpu, 0.01)),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export async function stop(child: ChildProcess): Promise<void> {
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export async function withThrowawayPostgres<T>(serverUrl: string, run: (url: string) => Promise<T>): Promise<T> {
  const throwaway = await createThrowawayDatabase(serverUrl, 'deosil_bench');
  try {
    return await run(throwaway.url);
  } finally {
    await throwaway.drop();
  }
}

