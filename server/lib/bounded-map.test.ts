import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded-map.ts';

describe('BoundedMap', () => {
  it('keeps at most maxEntries, evicting the least recently used: a read keeps an entry, a peek does not', () => {
    const map = new BoundedMap<string, number>({ maxEntries: 3 });
    map.set('a', 1).set('b', 2).set('c', 3);
    expect(map.get('a')).toBe(1);
    expect(map.peek('b')).toBe(2);
    map.set('d', 4);
    // 'b' was only peeked at, so it was the least recently used.
    expect([...map.keys()]).toEqual(['c', 'a', 'd']);
    map.set('e', 5);
    expect(map.has('c')).toBe(false);
    expect(map.size).toBe(3);
  });

  it('setting a key again replaces its value and makes it the most recent', () => {
    const map = new BoundedMap<string, number>({ maxEntries: 2 });
    map.set('a', 1).set('b', 2).set('a', 10).set('c', 3);
    expect(map.get('a')).toBe(10);
    expect(map.has('b')).toBe(false);
  });

  it('keeps at most maxBytes as sizeOf counts them, and counts a value again when it is set again', () => {
    const map = new BoundedMap<string, string>({ maxBytes: 10, sizeOf: (value) => value.length });
    map.set('a', 'xxxx').set('b', 'yyyy');
    expect(map.bytes).toBe(8);
    map.set('a', 'x');
    expect(map.bytes).toBe(5);
    map.set('c', 'zzzzzz');
    expect([...map.keys()]).toEqual(['a', 'c']);
    expect(map.bytes).toBe(7);
    // Alone larger than the bound: not kept, and nothing else need go for it to fit.
    map.set('huge', 'h'.repeat(11));
    expect(map.has('huge')).toBe(false);
    expect(map.size).toBe(0);
    expect(map.bytes).toBe(0);
  });

  it('applies both bounds at once, and forgets bytes on delete and clear', () => {
    const map = new BoundedMap<number, Buffer>({ maxEntries: 3, maxBytes: 1000, sizeOf: (value) => value.length });
    for (let key = 0; key < 5; key += 1) map.set(key, Buffer.alloc(100));
    expect(map.size).toBe(3);
    expect(map.bytes).toBe(300);
    map.set(9, Buffer.alloc(950));
    expect([...map.keys()]).toEqual([9]);
    expect(map.delete(9)).toBe(true);
    expect(map.delete(9)).toBe(false);
    expect(map.bytes).toBe(0);
    map.set(1, Buffer.alloc(10));
    map.clear();
    expect(map.size).toBe(0);
    expect(map.bytes).toBe(0);
  });

  it('refuses a map without a bound, or with a bound that is not a whole number above 0', () => {
    expect(() => new BoundedMap({})).toThrow('maxEntries or maxBytes');
    expect(() => new BoundedMap({ maxEntries: 0 })).toThrow('maxEntries must be a whole number above 0');
    expect(() => new BoundedMap({ maxEntries: 1.5 })).toThrow('maxEntries must be a whole number above 0');
    expect(() => new BoundedMap<string, string>({ maxBytes: 10 })).toThrow('maxBytes needs sizeOf');
  });
});
