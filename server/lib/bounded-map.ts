/**
 * Bounds of an in-process map: at most `maxEntries` entries and, when `maxBytes` is given, at most that many bytes
 * as `sizeOf` counts them. At least one of the two is set, so nothing the shop keeps in memory grows with traffic.
 */
export interface BoundedMapOptions<K, V> {
  maxEntries?: number;
  maxBytes?: number;
  /** The bytes an entry holds; read when the entry is set (set it again when its value has grown). */
  sizeOf?: (value: V, key: K) => number;
}

interface Slot<V> {
  value: V;
  bytes: number;
}

/**
 * A Map that keeps within its bounds by evicting the least recently used entries: `get` and `set` make an entry
 * the most recent, `peek` and `has` leave the order as it is. A JavaScript Map iterates in insertion order, so
 * re-inserting on use keeps the least recently used entry first, and every operation stays O(1).
 */
export class BoundedMap<K, V> {
  private readonly slots = new Map<K, Slot<V>>();
  private heldBytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;

  constructor(private readonly options: BoundedMapOptions<K, V>) {
    const { maxEntries, maxBytes } = options;
    if (maxEntries === undefined && maxBytes === undefined) throw new Error('A bounded map needs maxEntries or maxBytes');
    for (const [name, bound] of [['maxEntries', maxEntries], ['maxBytes', maxBytes]] as const) {
      if (bound !== undefined && !(Number.isInteger(bound) && bound > 0)) throw new Error(`${name} must be a whole number above 0`);
    }
    if (maxBytes !== undefined && !options.sizeOf) throw new Error('maxBytes needs sizeOf');
    this.maxEntries = maxEntries ?? Infinity;
    this.maxBytes = maxBytes ?? Infinity;
  }

  /** The value of `key`, which becomes the most recently used. */
  get(key: K): V | undefined {
    const slot = this.slots.get(key);
    if (!slot) return undefined;
    this.slots.delete(key);
    this.slots.set(key, slot);
    return slot.value;
  }

  /** The value of `key`, leaving the order of use as it is. */
  peek(key: K): V | undefined {
    return this.slots.get(key)?.value;
  }

  has(key: K): boolean {
    return this.slots.has(key);
  }

  /**
   * Keeps `value` as the most recently used entry, then evicts the least recently used until within the bounds;
   * a value larger than `maxBytes` on its own is not kept at all.
   */
  set(key: K, value: V): this {
    this.delete(key);
    const bytes = this.options.sizeOf?.(value, key) ?? 0;
    this.slots.set(key, { value, bytes });
    this.heldBytes += bytes;
    while (this.slots.size > this.maxEntries || this.heldBytes > this.maxBytes) {
      const oldest = this.slots.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
    return this;
  }

  delete(key: K): boolean {
    const slot = this.slots.get(key);
    if (!slot) return false;
    this.slots.delete(key);
    this.heldBytes -= slot.bytes;
    return true;
  }

  clear(): void {
    this.slots.clear();
    this.heldBytes = 0;
  }

  get size(): number {
    return this.slots.size;
  }

  /** The bytes held, as `sizeOf` counted them. */
  get bytes(): number {
    return this.heldBytes;
  }

  /** Keys from the least to the most recently used. */
  keys(): IterableIterator<K> {
    return this.slots.keys();
  }
}
