import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';

/** What a list call is asked: the page (from 1), its size and the search text. */
export interface PageRequest {
  page: number;
  limit: number;
  search: string;
}

/** One page of a list call's answer (`data` and `total` of the envelope). */
export interface Page<T> {
  items: T[];
  total: number;
  /** `total` is a lower bound: the server counts up to a cap and more rows match (shown "1000+"). */
  more?: boolean;
}

/** An enveloped list answer as a page. */
export function pageOf<T>(answer: { data: T[]; total?: number; more?: boolean }): Page<T> {
  return { items: answer.data, total: answer.total ?? answer.data.length, ...(answer.more ? { more: true } : {}) };
}

export interface PagedList<T> {
  query: UseQueryResult<Page<T>>;
  request: PageRequest;
  setSearch(search: string): void;
  setPage(page: number, limit: number): void;
}

export const DEFAULT_PAGE_SIZE = 20;

/**
 * A server-paged list: the page, its size and the search are the screen's state; a new search or
 * filter starts again at page 1, and a page emptied by a deletion steps back to the one before.
 * The list stays on screen while the next page loads.
 */
export function usePagedList<T, F extends object>(
  key: readonly unknown[],
  fetchPage: (request: PageRequest & F, signal: AbortSignal) => Promise<Page<T>>,
  filters: F,
): PagedList<T> {
  const [request, setRequest] = useState<PageRequest>({ page: 1, limit: DEFAULT_PAGE_SIZE, search: '' });
  const filterKey = JSON.stringify(filters);
  const [pagedFilterKey, setPagedFilterKey] = useState(filterKey);
  if (pagedFilterKey !== filterKey) {
    // Adjusted while rendering, so the old page is never asked for with the new filters.
    setPagedFilterKey(filterKey);
    setRequest((current) => ({ ...current, page: 1 }));
  }

  const query = useQuery({
    queryKey: [...key, request, filters],
    queryFn: ({ signal }) => fetchPage({ ...request, ...filters }, signal),
    placeholderData: keepPreviousData,
  });

  const emptiedPage =
    !query.isPlaceholderData && query.data !== undefined && query.data.items.length === 0 && request.page > 1;
  if (emptiedPage) setRequest((current) => ({ ...current, page: current.page - 1 }));

  return {
    query,
    request,
    setSearch: (search) => setRequest((current) => ({ ...current, search: search.trim(), page: 1 })),
    setPage: (page, limit) =>
      setRequest((current) => ({ ...current, page: limit === current.limit ? page : 1, limit })),
  };
}
