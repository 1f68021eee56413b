import type { MoldGroupRecord } from '@mouldwatch/shared';
import { pageOf, type Page, type PageRequest } from '../../../components/admin';
import { api } from '../../../lib/api';
import { ORGANISATION_KEY } from './keys';

export const GROUP_LIST_KEY = [...ORGANISATION_KEY, 'groupList'] as const;

export interface GroupFilters {
  companyId?: number;
}

/** GET /api/yudata/mold_group/?page&limit&search&company_id: a page of groups with their mould counts. */
export async function listMoldGroups(
  request: PageRequest & GroupFilters,
  signal: AbortSignal,
): Promise<Page<MoldGroupRecord>> {
  const query = {
    page: request.page,
    limit: request.limit,
    search: request.search || undefined,
    company_id: request.companyId,
  };
  return pageOf(await api.get<MoldGroupRecord[]>('/yudata/mold_group/', { query, signal }));
}
