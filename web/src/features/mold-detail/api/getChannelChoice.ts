import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Channel numbers from 1: mould temperatures 1–4, hot runner temperatures 1–6. */
export interface ChannelChoice {
  mold: number[];
  hrs: number[];
}

/** The user's shown channels and the channels the mould's settings enable. */
export interface ChannelChoiceAnswer extends ChannelChoice {
  enabled: ChannelChoice;
}

export const channelChoiceQueryKey = (moldId: number) => ['moldDetail', 'channelChoice', moldId] as const;

/** GET /api/yudata/mold/channelChoice/{moldId}/: every enabled channel until the user chooses. */
export async function getChannelChoice(moldId: number, signal?: AbortSignal): Promise<ChannelChoiceAnswer> {
  const { data } = await api.get<ChannelChoiceAnswer>(`/yudata/mold/channelChoice/${moldId}/`, { signal });
  return data;
}

export const useChannelChoice = (moldId: number, enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: channelChoiceQueryKey(moldId),
      queryFn: ({ signal }) => getChannelChoice(moldId, signal),
      enabled,
    }),
  );
