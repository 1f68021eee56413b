import { queryOptions, useQuery } from '@tanstack/react-query';
import { ResponseCode, type MoldFacts } from '@mouldwatch/shared';
import { api } from '../../../lib/api';

/** The spec's displayed mould facts (§3): `GET /api/yudata/mold/{moldId}/`. Times are epoch seconds. */
export type MouldFacts = MoldFacts;

/** Every mould's facts are kept under this key, then the mould id. */
export const MOULD_FACTS_KEY = ['home', 'facts'] as const;
export const mouldFactsKey = (moldId: number) => [...MOULD_FACTS_KEY, moldId] as const;

/** A mould the caller may not see (or that does not exist) is the page's own no-permission state, not a toast. */
export async function getMouldFacts(moldId: number, signal?: AbortSignal): Promise<MouldFacts> {
  const { data } = await api.get<MouldFacts>(`/yudata/mold/${moldId}/`, { signal, shows: [ResponseCode.forbidden] });
  return data;
}

export const mouldFactsQueryOptions = (moldId: number) =>
  queryOptions({ queryKey: mouldFactsKey(moldId), queryFn: ({ signal }) => getMouldFacts(moldId, signal) });

export const useMouldFacts = (moldId: number) => useQuery(mouldFactsQueryOptions(moldId));
