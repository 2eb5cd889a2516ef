import { createServer } from 'node:net';
import type { Config } from './config.ts';
import { DataDirInUse } from './db/client.ts';

type Place = Pick<Config, 'port' | 'host' | 'databaseUrl' | 'dataDir'>;

/**
 * One sentence, naming the variable to look at, for a start that cannot go on because of what is around the
 * shop: its database, its port, its data directory. Undefined for anything else, a fault in the shop itself,
 * whose stack trace is then the useful report.
 */
export function startFailureOf(error: unknown, place: Place): string | undefined {
  if (error instanceof DataDirInUse) return `DATA_DIR ${error.dataDir} is in use by process ${error.pid}: the embedded database serves one process; stop that one, or set DATA_DIR to another directory.`;
  const { code, message, syscall } = detailsOf(error);
  const database = place.databaseUrl ? databaseUrlParts(place.databaseUrl) : undefined;
  if (syscall === 'listen' && code === 'EADDRINUSE') return `PORT ${place.port} is already in use on ${place.host}: stop what listens there, or set PORT to a free port.`;
  if (syscall === 'listen' && code === 'EACCES') return `PORT ${place.port} on ${place.host} needs privileges this user lacks: set PORT to 1024 or above.`;
  if (syscall === 'listen' && code === 'EADDRNOTAVAIL') return `HOST ${place.host} is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0.`;
  if (database) {
    switch (code) {
      case 'ECONNREFUSED':
        return `DATABASE_URL: PostgreSQL at ${database.server} refuses connections; is it running, and on that port?`;
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
        return `DATABASE_URL: the host ${database.host} is not found.`;
      case 'ETIMEDOUT':
      case 'EHOSTUNREACH':
      case 'ENETUNREACH':
        return `DATABASE_URL: PostgreSQL at ${database.server} does not answer.`;
      case '3D000':
        return `DATABASE_URL: the database ${database.name} does not exist on ${database.server}; create it (createdb ${database.name}) or name another.`;
      case '28P01':
        return `DATABASE_URL: PostgreSQL at ${database.server} refused the password of user ${database.user}.`;
      case '28000':
        return `DATABASE_URL: PostgreSQL at ${database.server} does not let user ${database.user} in (${message}).`;
    }
  }
  if (!database && (code === 'EACCES' || code === 'EROFS' || code === 'ENOSPC')) {
    return `DATA_DIR ${place.dataDir} cannot be written (${message}).`;
  }
  return undefined;
}

/** Throws what `listen` would throw if the port is taken, before the start spends time on the database. */
export function checkPortFree({ port, host }: Pick<Config, 'port' | 'host'>): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** For the entry points: a start failure's one line and exit code 1; anything else is thrown on. */
export function exitOnStartFailure(error: unknown, place: Place): never {
  const line = startFailureOf(error, place);
  if (!line) throw error;
  console.error(line);
  process.exit(1);
}

function detailsOf(error: unknown): { code?: string; message: string; syscall?: string } {
  const found = error as { code?: string; message?: string; syscall?: string; errors?: unknown[]; cause?: unknown } | undefined;
  // Node reports a refused connection to a name with several addresses as an AggregateError of each attempt.
  const inner = (found?.errors?.[0] ?? found?.cause) as { code?: string; syscall?: string } | undefined;
  return { code: found?.code ?? inner?.code, message: found?.message ?? String(error), syscall: found?.syscall ?? inner?.syscall };
}

/** The parts of DATABASE_URL a message may name: never the password, since messages go to logs. */
export function databaseUrlParts(url: string): { server: string; host: string; name: string; user: string } {
  const parsed = new URL(url);
  const host = parsed.hostname || 'localhost';
  return { server: `${host}:${parsed.port || '5432'}`, host, name: decodeURIComponent(parsed.pathname.slice(1)) || 'postgres', user: decodeURIComponent(parsed.username) || 'the default user' };
}
