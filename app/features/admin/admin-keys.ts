/**
 * The back office's one query-key scheme: ['admin', area] holds everything of an area, so a write refreshes the
 * area's lists, details and figures with one invalidation; lists add their query string, details their id.
 */
export const adminKeys = {
  area: (area: string) => ['admin', area] as const,
  list: (area: string, query = '') => ['admin', area, 'list', query] as const,
  detail: (area: string, id: string | number) => ['admin', area, 'detail', String(id)] as const,
};
