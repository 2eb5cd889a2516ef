import { z } from 'zod';

/**
 * One query parameter as the back office's lists send it: the last value when it is repeated, trimmed, and no
 * value at all when blank.
 */
export function queryValue(value: unknown): string | undefined {
  const single = Array.isArray(value) ? value[value.length - 1] : value;
  if (single === undefined || single === null) return undefined;
  const text = String(single).trim();
  return text === '' ? undefined : text;
}

/** A filter's query parameter: as queryValue, and 'all' (the menu's "All …") is no filter either. */
export function filterValue(value: unknown): string | undefined {
  const text = queryValue(value);
  return text?.toLowerCase() === 'all' ? undefined : text;
}

/**
 * The `page` and `limit` of a paged back-office list, each refused with a 400 naming it: page a whole number from
 * 1 (the first by default), limit from 1 to `max` (`fallback` by default). `read` is how the list reads its
 * parameters (queryValue, or filterValue where the list's 'all' means none).
 */
export function pagingQuery(max: number, fallback: number, read: (value: unknown) => string | undefined = queryValue) {
  return {
    page: z.preprocess(
      read,
      z.coerce
        .number({ error: 'page must be a number' })
        .int({ error: 'page must be a whole number' })
        .min(1, { error: 'page must be 1 or more' })
        .max(100_000, { error: 'page is too large' })
        .default(1),
    ),
    limit: z.preprocess(
      read,
      z.coerce
        .number({ error: 'limit must be a number' })
        .int({ error: 'limit must be a whole number' })
        .min(1, { error: `limit must be between 1 and ${max}` })
        .max(max, { error: `limit must be between 1 and ${max}` })
        .default(fallback),
    ),
  };
}
