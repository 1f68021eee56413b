import type { RenewalRecord, RenewalStatus } from '@mouldwatch/shared';
import { pageOf, type Page, type PageRequest } from '../../../components/admin';
import { api } from '../../../lib/api';

export const RENEWAL_KEY = ['renewal'] as const;
export const RENEWAL_LIST_KEY = [...RENEWAL_KEY, 'list'] as const;

export interface RenewalFilters {
  status: RenewalStatus | null;
}

/** GET /api/renewal/renewal/: one page of the orders, searched and filtered by status. */
export async function listRenewals(
  request: PageRequest & RenewalFilters,
  signal: AbortSignal,
): Promise<Page<RenewalRecord>> {
  const answer = await api.get<RenewalRecord[]>('/renewal/renewal/', {
    query: {
      page: request.page,
      limit: request.limit,
      search: request.search || undefined,
      status: request.status ?? undefined,
    },
    signal,
  });
  return pageOf(answer);
}
