// What the outbox benches (bench/mail.ts, bench/whatsapp.ts, run side by side by bench/notifications.ts) measure
// of one channel on one database, and the helpers they share.
import { pathToFileURL } from 'node:url';

export interface OutboxFigures {
  channel: string;
  database: string;
  /** Messages accepted per second draining a backlog of `messages` queued ones. */
  perSecond: number;
  /** Enqueue (commit) → accepted by the receiving server, at a steady 100 a second. */
  p50Ms: number;
  p99Ms: number;
  /** Messages the receiving server accepted more than once: what a customer would get twice. */
  duplicates: number;
  messages: number;
  /** Anything else worth printing beside the figures. */
  notes: string;
}

export const STEADY_RATE_PER_SECOND = 100;

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function until(done: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > end) throw new Error(`${what} did not drain in time`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Enqueues `count` messages at a steady rate, each in its own transaction, the way orders arrive. */
export async function enqueueSteadily<T>(count: number, enqueue: (index: number) => Promise<T>): Promise<T[]> {
  const sent: T[] = [];
  const begin = performance.now();
  for (let index = 0; index < count; index += 1) {
    const wait = begin + (index * 1000) / STEADY_RATE_PER_SECOND - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sent.push(await enqueue(index));
  }
  return sent;
}

export function formatFigures(figures: OutboxFigures): string {
  return (
    `${figures.channel} on ${figures.database}: ${figures.perSecond.toFixed(0)} messages/s draining ${figures.messages} queued (target ≥ 100); ` +
    `enqueue→sent at ${STEADY_RATE_PER_SECOND}/s p50 ${figures.p50Ms.toFixed(0)} ms, p99 ${figures.p99Ms.toFixed(0)} ms (target ≤ 2000); ` +
    `${figures.duplicates} sent twice${figures.notes ? `; ${figures.notes}` : ''}`
  );
}

/** True when `moduleUrl` is the script tsx was started with (a bench file run alone rather than imported). */
export function isMainScript(moduleUrl: string): boolean {
  return Boolean(process.argv[1]) && moduleUrl === pathToFileURL(process.argv[1]!).href;
}
