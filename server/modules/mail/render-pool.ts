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

/**
 * E-mail rendering in worker threads. A React render and its plain-text conversion take about 10 ms of CPU a
 * message; in the worker's own thread that time is taken from the database driver (all of it, on the embedded
 * database), SMTP and the queue's polling, so a backlog drains at the speed of one core. Here the render runs
 * beside them. Each request goes to the thread with the fewest in hand; a thread that dies fails its requests
 * (the mail sender then retries them like any failed attempt) and is replaced.
 */
export class RenderPool {
  private readonly threads: { worker: Worker; pending: Map<number, Pending> }[] = [];
  private nextId = 1;
  private closed = false;

  constructor(size: number) {
    for (let index = 0; index < Math.max(1, size); index += 1) this.threads.push(this.spawn());
  }

  readonly render: RenderFunction = (template, data, context) => {
    if (this.closed) return Promise.reject(new Error('The render pool is closed'));
    const thread = this.threads.reduce((least, candidate) => (candidate.pending.size < least.pending.size ? candidate : least));
    const id = this.nextId++;
    return new Promise<RenderedEmail>((resolve, reject) => {
      thread.pending.set(id, { resolve, reject });
      thread.worker.postMessage({ id, template, data, context } satisfies RenderRequest);
    });
  };

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.threads.map(({ worker }) => worker.terminate()));
  }

  private spawn(): { worker: Worker; pending: Map<number, Pending> } {
    const thread = { worker: new Worker(new URL('./render-thread.mjs', import.meta.url)), pending: new Map<number, Pending>() };
    thread.worker.on('message', (response: RenderResponse) => {
      const waiting = thread.pending.get(response.id);
      thread.pending.delete(response.id);
      if ('error' in response) waiting?.reject(new Error(response.error));
      else waiting?.resolve(response.rendered);
    });
    thread.worker.on('error', (error) => this.fail(thread, new RenderThreadLost(`The render thread failed: ${error.message}`)));
    thread.worker.on('exit', () => {
      this.fail(thread, new RenderThreadLost('The render thread stopped'));
      if (this.closed) return;
      const index = this.threads.indexOf(thread);
      if (index >= 0) this.threads[index] = this.spawn();
    });
    return thread;
  }

  private fail(thread: { pending: Map<number, Pending> }, error: Error): void {
    for (const waiting of thread.pending.values()) waiting.reject(error);
    thread.pending.clear();
  }
}
