import { QueryClient, type QueryFilters } from '@tanstack/react-query';

/**
 * One query client for the console. The API client already tells the user about failures, so
 * queries do not retry (a retry would toast twice) and do not refetch on focus.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

type Patch = (data: unknown) => unknown;

/** By query: the live patches written while its answer was on its way, in arrival order. */
const patchesOverAnswer = new Map<string, Patch[]>();

/**
 * Writes a live message into each cached answer `filters` match; `update` answers the same object
 * when it changes nothing, and gives the same result when applied twice.
 *
 * The server pushes after its commit, but an answer on its way may have been read before that
 * commit and would put the older figures back over the push. So the patches a query took while it
 * was fetching are written again over its answer. (Asking again instead would never end for a list
 * whose pushes come faster than its answer.)
 */
export function patchCached<T>(filters: QueryFilters, update: (data: T) => T): void {
  for (const query of queryClient.getQueryCache().findAll(filters)) {
    const data = query.state.data as T | undefined;
    if (data === undefined) continue;
    const patched = update(data);
    if (patched === data) continue;
    queryClient.setQueryData<T>(query.queryKey, patched);
    if (query.state.fetchStatus !== 'idle') {
      const patches = patchesOverAnswer.get(query.queryHash) ?? [];
      patchesOverAnswer.set(query.queryHash, [...patches, update as Patch]);
    }
  }
}

queryClient.getQueryCache().subscribe((event) => {
  if (event.type === 'removed') patchesOverAnswer.delete(event.query.queryHash);
  if (event.type !== 'updated') return;
  const { query, action } = event;
  const patches = patchesOverAnswer.get(query.queryHash);
  if (!patches || query.state.fetchStatus !== 'idle') return;
  patchesOverAnswer.delete(query.queryHash);
  // A failed or cancelled fetch left the patched figures in place; an answer gets them again.
  if (action.type !== 'success' || action.manual) return;
  queryClient.setQueryData(
    query.queryKey,
    patches.reduce((data, patch) => patch(data), query.state.data),
  );
});
