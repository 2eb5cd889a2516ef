import { Worker } from 'node:worker_threads';
import type { RenderedEmail } from './render-email.ts';
import type { RenderContext } from './templates/email-template.ts';

export interface RenderRequest {
  id: number;
  template: string;
  data: unknown;
  context: RenderContext;
}

export type RenderResponse = { id: number; rendered: RenderedEmail } | { id: number; error: string };

export type RenderFunction = (template: string, data: unknown, context: RenderContext) => Promise<RenderedEmail>;

/** The thread rendering a message died (not the template's fault): the attempt is retried, not given up. */
export class RenderThreadLost extends Error {}

interface Pending {
  resolve(rendered: RenderedEmail): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
  /** Set while the thread has nothing in hand: it ends when this fires. */
  idle?: NodeJS.Timeout;
  /** Ended on purpose (idle, or the pool closed): its exit is no loss. */
  retired: boolean;
}

/** How long a thread with nothing to render is kept, unless the pool is told otherwise. */
export const RENDER_THREAD_IDLE_MS = 30_000;

/**
 * E-mail rendering in worker threads. A React render and its plain-text conversion take about 10 ms of CPU a
 * message; in the worker's own thread that time is taken from the database driver (all of it, on the embedded
 * database), SMTP and the queue's polling, so a backlog drains at the speed of one core. Here the render runs
 * beside them. Each request goes to the thread with the fewest in hand; a thread that dies fails its requests
 * (the mail sender then retries them like any failed attempt).
 *
 * A thread is a whole JavaScript engine with React and the templates loaded, about 60 MiB of resident memory,
 * while most of a small shop's day sends no mail. So threads start with the first message that needs one (up to
 * `size` when messages come faster than one renders) and end after `idleMs` with nothing to render.
 */
export class RenderPool {
  private readonly threads: Thread[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly size: number,
    private readonly idleMs = RENDER_THREAD_IDLE_MS,
  ) {}

  /** Threads running now. */
  get running(): number {
    return this.threads.length;
  }

  readonly render: RenderFunction = (template, data, context) => {
    if (this.closed) return Promise.reject(new Error('The render pool is closed'));
    const thread = this.threadFor();
    clearTimeout(thread.idle);
    thread.idle = undefined;
    const id = this.nextId++;
    return new Promise<RenderedEmail>((resolve, reject) => {
      thread.pending.set(id, { resolve, reject });
      thread.worker.postMessage({ id, template, data, context } satisfies RenderRequest);
    });
  };

  async close(): Promise<void> {
    this.closed = true;
    const threads = this.threads.splice(0);
    for (const thread of threads) {
      clearTimeout(thread.idle);
      thread.retired = true;
    }
    await Promise.all(threads.map(({ worker }) => worker.terminate()));
  }

  /** A thread with nothing in hand, else a new one while there are fewer than `size`, else the least busy. */
  private threadFor(): Thread {
    const least = this.threads.reduce<Thread | undefined>((best, candidate) => (!best || candidate.pending.size < best.pending.size ? candidate : best), undefined);
    if (least && (least.pending.size === 0 || this.threads.length >= Math.max(1, this.size))) return least;
    const thread = this.spawn();
    this.threads.push(thread);
    return thread;
  }

  private spawn(): Thread {
    const thread: Thread = { worker: new Worker(new URL('./render-thread.mjs', import.meta.url)), pending: new Map<number, Pending>(), retired: false };
    thread.worker.on('message', (response: RenderResponse) => {
      const waiting = thread.pending.get(response.id);
      thread.pending.delete(response.id);
      if ('error' in response) waiting?.reject(new Error(response.error));
      else waiting?.resolve(response.rendered);
      if (thread.pending.size === 0 && !thread.retired) thread.idle = setTimeout(() => this.retire(thread), this.idleMs);
    });
    thread.worker.on('error', (error) => this.fail(thread, new RenderThreadLost(`The render thread failed: ${error.message}`)));
    thread.worker.on('exit', () => {
      this.fail(thread, new RenderThreadLost('The render thread stopped'));
      // The next message starts a thread in its place.
      this.forget(thread);
    });
    return thread;
  }

  private retire(thread: Thread): void {
    thread.retired = true;
    this.forget(thread);
    void thread.worker.terminate();
  }

  private forget(thread: Thread): void {
    clearTimeout(thread.idle);
    const index = this.threads.indexOf(thread);
    if (index >= 0) this.threads.splice(index, 1);
  }

  private fail(thread: { pending: Map<number, Pending> }, error: Error): void {
    for (const waiting of thread.pending.values()) waiting.reject(error);
    thread.pending.clear();
  }
}
