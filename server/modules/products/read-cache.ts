import { BoundedMap } from '../../lib/bounded-map.ts';

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
 * - At most `maxEntries` reads and `maxBytes` bytes are kept (the least recently used go first); a read counts
 *   twice the length of its JSON text, for the text and the value beside it, once it has loaded.
 */
export interface CachedRead<T> {
  value: T;
  json: string;
}

interface Entry<T> {
  expiresAt: number;
  read: Promise<CachedRead<T>>;
  /** 0 while loading. */
  bytes: number;
}

export class ReadCache {
  private readonly entries: BoundedMap<string, Entry<unknown>>;

  constructor(
    private readonly options: { ttlMs: number; maxEntries: number; maxBytes?: number; now?: () => number },
  ) {
    this.entries = new BoundedMap({ maxEntries: options.maxEntries, maxBytes: options.maxBytes, sizeOf: (entry) => entry.bytes });
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  async get<T>(key: string, load: () => Promise<T>, toJson: (value: T) => string = JSON.stringify): Promise<CachedRead<T>> {
    const hit = this.entries.get(key) as Entry<T> | undefined;
    if (hit && hit.expiresAt > this.now()) return hit.read;
    const read = load().then((value) => ({ value, json: toJson(value) }));
    const entry: Entry<T> = { expiresAt: this.now() + this.options.ttlMs, read, bytes: 0 };
    this.entries.set(key, entry);
    read.then(
      ({ json }) => {
        // Counted once its size is known; an entry invalidated or evicted meanwhile is not brought back.
        entry.bytes = 2 * json.length;
        if (this.entries.peek(key) === entry) this.entries.set(key, entry);
      },
      () => {
        // A failed read is not remembered: the next request tries the database again.
        if (this.entries.peek(key) === entry) this.entries.delete(key);
      },
    );
    return read;
  }

  /** Forget everything; reads already in flight when this is called are not cached after they finish. */
  invalidate(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** The bytes the loaded reads are counted at. */
  get bytes(): number {
    return this.entries.bytes;
  }
}
