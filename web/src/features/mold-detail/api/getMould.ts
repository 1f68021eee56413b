import { queryOptions, useQuery } from '@tanstack/react-query';
import { moldInfoSchema, type MoldFacts } from '@mouldwatch/shared';
import { api } from '../../../lib/api';

/** What the detail views read of `GET /api/yudata/mold/{moldId}/`: the header's facts and the settings. */
export type MouldFacts = Pick<
  MoldFacts,
  | 'id'
  | 'name'
  | 'mold_number'
  | 'state'
  | 'online'
  | 'last_connect_time'
  | 'target_cycle_time'
  | 'thermocouple_type'
  | 'info'
>;

/** GET /api/yudata/mold/{moldId}/: the mould's facts; its `info` read through the shared schema. */
export async function getMould(moldId: number, signal?: AbortSignal): Promise<MouldFacts> {
  const { data } = await api.get<Omit<MouldFacts, 'info'> & { info?: unknown }>(`/yudata/mold/${moldId}/`, { signal });
  return { ...data, info: moldInfoSchema.parse(data.info ?? {}) };
}

export const mouldQueryOptions = (moldId: number) =>
  queryOptions({ queryKey: ['moldDetail', 'mould', moldId], queryFn: ({ signal }) => getMould(moldId, signal) });

export const useMould = (moldId: number) => useQuery(mouldQueryOptions(moldId));
