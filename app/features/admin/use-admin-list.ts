import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminKeys } from './admin-keys.ts';
import { adminApi } from './admin-session.ts';

/** Query parameters of a list; empty and undefined ones are left out of the request. */
export type ListParams = Record<string, string | number | undefined>;

export function listQuery(params: ListParams): string {
  const entries = Object.entries(params).filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '');
  return new URLSearchParams(entries.map(([key, value]) => [key, String(value)])).toString();
}

/**
 * One admin list request: keyed by area and query string, and the previous page stays on screen while the next
 * one loads, so changing a filter never blanks the list.
 */
export function useAdminList<T>(area: string, path: string, params: ListParams = {}) {
  const query = listQuery(params);
  return useQuery({
    queryKey: adminKeys.list(area, query),
    queryFn: ({ signal }) => adminApi<T>(query ? `${path}?${query}` : path, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The page of a paged list, back to 1 whenever what the list shows changes (search, filters, sort). The page is
 * stored with the filters it was chosen under, so a filter change asks for page 1 at once, not page 3 first.
 */
export function useListPage(filters: unknown): [page: number, setPage: (page: number) => void] {
  const signature = JSON.stringify(filters);
  const [chosen, setChosen] = useState({ signature, page: 1 });
  const page = chosen.signature === signature ? chosen.page : 1;
  return [page, (next) => setChosen({ signature, page: next })];
}
