import { pageOf, type Page, type PageRequest } from '../../../components/admin';
import { api } from '../../../lib/api';

interface Named {
  id: number;
  name: string;
}

/** One row of the mould list (`GET /api/yudata/mold_setting/`). */
export interface MoldListItem {
  id: number;
  name: string;
  mold_number: string;
  company: Named | null;
  group: Named | null;
  device: { id: number; device_no: string } | null;
  online: boolean;
  subscription_expires_at: string | null;
  mold_image: string;
  /** Shared to the caller by someone else: nothing may be changed. */
  read_only: boolean;
  updated_at: string;
}

export interface MoldListFilters {
  companyId: number | null;
  groupId: number | null;
}

export const MOLD_LIST_KEY = ['molds', 'list'] as const;

/** GET /api/yudata/mold_setting/: one page of the moulds the caller holds, searched by name or mould no. */
export async function listMolds(
  request: PageRequest & MoldListFilters,
  signal: AbortSignal,
): Promise<Page<MoldListItem>> {
  const answer = await api.get<MoldListItem[]>('/yudata/mold_setting/', {
    query: {
      page: request.page,
      limit: request.limit,
      search: request.search || undefined,
      company_id: request.companyId ?? undefined,
      group_id: request.groupId ?? undefined,
    },
    signal,
  });
  return pageOf(answer);
}
