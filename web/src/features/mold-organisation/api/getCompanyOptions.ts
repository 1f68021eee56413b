import { useQuery } from '@tanstack/react-query';
import type { NamedRecord } from '@mouldwatch/shared';
import { api } from '../../../lib/api';
import { ORGANISATION_KEY } from './keys';

/** GET /api/yudata/mold/company/: every company of the organisation, by name. */
export async function getCompanyOptions(signal?: AbortSignal): Promise<NamedRecord[]> {
  return (await api.get<NamedRecord[]>('/yudata/mold/company/', { signal })).data;
}

export const useCompanyOptions = (enabled = true) =>
  useQuery({
    queryKey: [...ORGANISATION_KEY, 'companyOptions'],
    queryFn: ({ signal }) => getCompanyOptions(signal),
    enabled,
  });
