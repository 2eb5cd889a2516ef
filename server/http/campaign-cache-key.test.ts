import { describe, expect, it } from 'vitest';
import { pageCacheKey } from './page-cache.ts';

describe('the page cache key and campaign links', () => {
  it('leaves campaign tags and ad click ids out, so an ad landing shares the cached page', () => {
    expect(pageCacheKey('GET', '/?utm_source=instagram&utm_medium=paid_social&utm_campaign=diwali&fbclid=abc', {})).toBe('/');
    expect(pageCacheKey('GET', '/products?search=oud&gclid=xyz&utm_source=google', {})).toBe('/products?search=oud');
    expect(pageCacheKey('GET', '/products/valor?utm_source=newsletter', {})).toBe('/products/valor');
  });

  it("keeps a potion page's size, which picks the size shown, and still bypasses unknown parameters", () => {
    expect(pageCacheKey('GET', '/products/valor?size=30ml&utm_source=google', {})).toBe('/products/valor?size=30ml');
    expect(pageCacheKey('GET', '/products/valor?coupon=x', {})).toBeNull();
    expect(pageCacheKey('GET', '/?size=30ml', {})).toBeNull();
  });
});
