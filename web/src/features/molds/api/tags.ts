import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { NamedOption } from './pickers';

export type TagKind = 'country' | 'factory';

/** GET /api/yudata/country_tag/ or /factory_tag/: the values offered in the country and workshop fields. */
export const tagsQueryOptions = (kind: TagKind) =>
  queryOptions({
    queryKey: ['molds', 'tags', kind] as const,
    queryFn: async ({ signal }) => (await api.get<NamedOption[]>(`/yudata/${kind}_tag/`, { signal })).data,
  });

export const useTags = (kind: TagKind) => useQuery(tagsQueryOptions(kind));
