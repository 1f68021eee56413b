import { QueryClient } from '@tanstack/react-query';

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
