import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { filterValue, pagingQuery } from './list-query.ts';

const messages = (result: { success: boolean; error?: z.ZodError }) => result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('a paged list query', () => {
  const list = z.object(pagingQuery(100, 50));
  const filtered = z.object({ kind: z.preprocess(filterValue, z.enum(['a', 'b']).optional()), ...pagingQuery(100, 50, filterValue) });

  it('starts at page 1 with the list’s own page size, and reads a blank, padded or repeated value as the screen meant it', () => {
    expect(list.parse({})).toEqual({ page: 1, limit: 50 });
    expect(list.parse({ page: ' ', limit: '' })).toEqual({ page: 1, limit: 50 });
    expect(list.parse({ page: ['2', ' 3 '], limit: '100' })).toEqual({ page: 3, limit: 100 });
  });

  it('refuses what is not a page or a size, naming the field', () => {
    expect(messages(list.safeParse({ page: '0' }))).toEqual(['page: page must be 1 or more']);
    expect(messages(list.safeParse({ page: '1.5' }))).toEqual(['page: page must be a whole number']);
    expect(messages(list.safeParse({ page: '100001' }))).toEqual(['page: page is too large']);
    expect(messages(list.safeParse({ limit: '101' }))).toEqual(['limit: limit must be between 1 and 100']);
    expect(messages(list.safeParse({ limit: 'many' }))).toEqual(['limit: limit must be a number']);
  });

  it("takes a filter's 'all' as no filter only where the list says so", () => {
    expect(filtered.parse({ kind: 'ALL', page: 'all' })).toEqual({ kind: undefined, page: 1, limit: 50 });
    expect(messages(list.safeParse({ page: 'all' }))).toEqual(['page: page must be a number']);
  });
});
