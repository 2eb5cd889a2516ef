/**
 * A small read-through cache for catalogue reads, which shoppers make thousands of times for every write.
 *
 * - Every write to the catalogue (product edits, stock, sales, ratings) calls `invalidate()` in the same
 *   process, so this process never serves a stale answer after its own write.
 * - Other processes sharing the PostgreSQL database hear of the write through the cache bus (NOTIFY) within
 *   milliseconds; entries also expire after `ttlMs`, a bound for a notification lost in an outage. Checkout re-reads stock and prices in its transaction,
 *   so a briefly stale catalogue page can never sell what is not there.
 * - Concurrent misses for one key share a single database query.
 * - The JSON text is kept beside the value so the API sends cached bytes without serialising again.
 */
export interface CachedRead<T> {
  value: T;
  json: string;
}

interface Entry<T> {
  expiresAt: number;
  read: Promise<CachedRead<T>>;
}

export class ReadCache {
  private readonly entries = new Map<string, Entry<unknown>>();

  constructor(
    private readonly options: { ttlMs: number; maxEntries: number; now?: () => number },
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  async get<T>(key: string, load: () => Promise<T>, toJson: (value: T) => string = JSON.stringify): Promise<CachedRead<T>> {
    const hit = this.entries.get(key) as Entry<T> | undefined;
    if (hit && hit.expiresAt > this.now()) {
      // Refresh recency so the least recently used entries are the ones evicted.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.read;
    }
    const read = load().then((value) => ({ value, json: toJson(value) }));
    const entry: Entry<T> = { expiresAt: this.now() + this.options.ttlMs, read };
    this.entries.set(key, entry);
    read.catch(() => {
      // A failed read is not remembered: the next request tries the database again.
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return read;
  }

  /** Forget everything; reads already in flight when this is called are not cached after they finish. */
  invalidate(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
