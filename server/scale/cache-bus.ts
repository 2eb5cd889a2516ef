import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../db/client.ts';

export const CACHE_CHANNEL = 'deosil_cache';

/**
 * What changed: the catalogue (products, stock, prices, reviews' figures), the festivals on show, the shipping zones
 * and holidays, or the promotions baskets are priced against.
 */
export type CacheTopic = 'catalogue' | 'festivals' | 'shipping' | 'promotions';
const TOPICS: readonly CacheTopic[] = ['catalogue', 'festivals', 'shipping', 'promotions'];

type Subscriber = (topic: CacheTopic) => void;

/**
 * Tells every process's caches that something they hold changed. A write clears this process's copies at once
 * and announces the topic with NOTIFY, so the other processes clear theirs as soon as PostgreSQL delivers it
 * (milliseconds), not when a TTL runs out. The LISTEN connection comes back by itself after an outage; when it
 * does, every cache is cleared, since announcements made meanwhile were lost.
 */
export class CacheBus {
  private readonly origin = randomUUID();
  private readonly subscribers = new Set<Subscriber>();
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly database: Pick<DatabaseHandle, 'listen' | 'executeSql'>,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  async start(): Promise<void> {
    this.unlisten ??= await this.database.listen(
      CACHE_CHANNEL,
      (payload) => {
        const [origin, topic] = payload.split(' ');
        if (origin === this.origin || !TOPICS.includes(topic as CacheTopic)) return;
        this.deliver(topic as CacheTopic);
      },
      { onReconnect: () => TOPICS.forEach((topic) => this.deliver(topic)) },
    );
  }

  async stop(): Promise<void> {
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    await unlisten?.();
  }

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /** Clears this process's copies now and tells the others; call it after the write has committed. */
  announce(topic: CacheTopic): void {
    this.deliver(topic);
    this.database.executeSql('select pg_notify($1, $2)', [CACHE_CHANNEL, `${this.origin} ${topic}`]).catch(this.onError);
  }

  private deliver(topic: CacheTopic): void {
    for (const subscriber of [...this.subscribers]) subscriber(topic);
  }
}
