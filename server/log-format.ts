/**
 * How the shop's log reads: JSON lines for a log collector (journald, Docker, a file), or on a terminal one
 * readable line per entry ("14:02:07 INFO  Deosil Perfumes is open on http://localhost:3000"). The shop always
 * logs JSON through Fastify's logger; on a terminal this stream rewrites each line as it passes.
 */
export type LogFormat = 'pretty' | 'json';

/** LOG_FORMAT when set; otherwise readable on a terminal and JSON anywhere else. */
export function logFormatOf(configured: LogFormat | undefined, output: { isTTY?: boolean } = process.stdout): LogFormat {
  return configured ?? (output.isTTY ? 'pretty' : 'json');
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields every entry carries, which a readable line leaves out. */
const ROUTINE = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'requestId']);

/** One JSON log line as a readable line; anything that is not a JSON object passes unchanged. */
export function prettyLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const time = new Date(Number(entry.time ?? Date.now())).toTimeString().slice(0, 8);
  const level = (LEVELS[Number(entry.level)] ?? 'INFO').padEnd(5);
  // A request is read as what it was: method, address, status and time taken.
  const text =
    entry.msg === 'request'
      ? `${String(entry.method)} ${String(entry.url)} ${String(entry.status)} ${String(entry.ms)} ms`
      : [String(entry.msg ?? ''), ...fieldsOf(entry)].filter(Boolean).join(' ');
  const err = entry.err as { stack?: string } | undefined;
  return `${time} ${level} ${text}\n${err?.stack ? `${err.stack}\n` : ''}`;
}

function fieldsOf(entry: Record<string, unknown>): string[] {
  return Object.entries(entry)
    .filter(([key, value]) => !ROUTINE.has(key) && key !== 'err' && value !== undefined)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
}

/** Where the logger writes: standard output, rewritten line by line when the format is pretty. */
export function logStreamOf(format: LogFormat, output: { write(text: string): unknown } = process.stdout): { write(line: string): void } | undefined {
  if (format === 'json') return undefined;
  return { write: (line) => void output.write(prettyLine(line)) };
}

/** A line of a process without Fastify's logger (the start, the worker, the cluster primary), in the log's format. */
export function startLine(format: LogFormat, message: string, level: 30 | 50 = 30): string {
  const entry = JSON.stringify({ level, time: Date.now(), pid: process.pid, msg: message });
  return format === 'json' ? `${entry}\n` : prettyLine(entry);
}

/** Writes such lines: information to standard output, errors to standard error. */
export function lineWriter(format: LogFormat): (level: 'info' | 'error', message: string) => void {
  return (level, message) => {
    if (level === 'error') process.stderr.write(startLine(format, message, 50));
    else process.stdout.write(startLine(format, message));
  };
}
