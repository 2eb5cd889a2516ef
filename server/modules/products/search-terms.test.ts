import { describe, expect, it } from 'vitest';
import { prefixQuery } from './search-terms.ts';

describe('prefixQuery', () => {
  it('makes every word a prefix match', () => {
    expect(prefixQuery('Dark pop')).toBe('dark:* & pop:*');
  });

  it('drops query syntax and SQL-looking punctuation', () => {
    expect(prefixQuery("'; DROP TABLE products; --")).toBe('drop:* & table:* & products:*');
    expect(prefixQuery('a & !b | (c) <-> d:*')).toBe('a:* & b:* & c:* & d:*');
  });

  it('keeps non-Latin words whole', () => {
    expect(prefixQuery('गुलाब इत्र')).toBe('गुलाब:* & इत्र:*');
  });

  it('returns null when nothing searchable is left', () => {
    expect(prefixQuery(' !!! ')).toBeNull();
  });
});
