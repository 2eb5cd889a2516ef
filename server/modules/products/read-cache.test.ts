import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache.ts';

function counter() {
  let calls = 0;
  return {
    load: async () => {
      calls += 1;
      return { calls };
    },
    get calls() {
      return calls;
    },
  };
}

describe('ReadCache', () => {
  it('serves repeated reads from memory with the JSON ready', async () => {
    const cache = new ReadCache({ ttlMs: 1000, maxEntries: 10 });
    const source = counter();
    await cache.get('a', source.load);
    const second = await cache.get('a', source.load);
    expect(source.calls).toBe(1);
    expect(second.json).toBe('{"calls":1}');
  });

  it('shares one load between concurrent misses', async () => {
    const cache = new ReadCache({ ttlMs: 1000, maxEntries: 10 });
    const source = counter();
    await Promise.all([cache.get('a', source.load), cache.get('a', source.load), cache.get('a', source.load)]);
    expect(source.calls).toBe(1);
  });

  it('reloads after invalidate and after the time to live', async () => {
    let now = 0;
    const cache = new ReadCache({ ttlMs: 1000, maxEntries: 10, now: () => now });
    const source = counter();
    await cache.get('a', source.load);
    cache.invalidate();
    expect((await cache.get('a', source.load)).value.calls).toBe(2);
    now = 999;
    expect((await cache.get('a', source.load)).value.calls).toBe(2);
    now = 1001;
    expect((await cache.get('a', source.load)).value.calls).toBe(3);
  });

  it('does not keep a value whose load started before an invalidation', async () => {
    const cache = new ReadCache({ ttlMs: 1000, maxEntries: 10 });
    let release: (value: string) => void = () => {};
    const slow = cache.get('a', () => new Promise<string>((resolve) => (release = resolve)));
    cache.invalidate();
    release('stale');
    expect((await slow).value).toBe('stale');
    expect((await cache.get('a', async () => 'fresh')).value).toBe('fresh');
  });

  it('forgets failures and evicts the least recently used entry', async () => {
    const cache = new ReadCache({ ttlMs: 1000, maxEntries: 2 });
    await expect(cache.get('x', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect((await cache.get('x', async () => 'ok')).value).toBe('ok');
    await cache.get('y', async () => 'y');
    await cache.get('x', async () => 'x again');
    await cache.get('z', async () => 'z');
    expect(cache.size).toBe(2);
    expect((await cache.get('y', async () => 'y reloaded')).value).toBe('y reloaded');
  });

  it('keeps within its bytes, counting a read once it has loaded, least recently used out first', async () => {
    const cache = new ReadCache({ ttlMs: 1000, maxEntries: 10, maxBytes: 100 });
    const text = (length: number) => async () => 'x'.repeat(length);
    await cache.get('a', text(18));
    await cache.get('b', text(18));
    // Each is counted at twice its JSON text: 2 × 20 characters with the quotes.
    expect(cache.bytes).toBe(80);
    await cache.get('a', text(0));
    await cache.get('c', text(18));
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBe(80);
    expect((await cache.get('b', async () => 'b reloaded')).value).toBe('b reloaded');
  });
});
