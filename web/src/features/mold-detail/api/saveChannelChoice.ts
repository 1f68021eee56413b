import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryClient } from '../../../lib/queryClient';
import { channelChoiceQueryKey, type ChannelChoice, type ChannelChoiceAnswer } from './getChannelChoice';

/** PUT /api/yudata/mold/channelChoice/{moldId}/ {mold, hrs}: stored for this user and mould. */
export async function saveChannelChoice(moldId: number, choice: ChannelChoice): Promise<ChannelChoiceAnswer> {
  const { data } = await api.put<ChannelChoiceAnswer>(`/yudata/mold/channelChoice/${moldId}/`, choice);
  return data;
}

/** Shows the new choice at once; the server's answer replaces it, a failure puts the old one back. */
export function useSaveChannelChoice(moldId: number) {
  const key = channelChoiceQueryKey(moldId);
  return useMutation({
    mutationFn: (choice: ChannelChoice) => saveChannelChoice(moldId, choice),
    onMutate: (choice) => {
      const previous = queryClient.getQueryData<ChannelChoiceAnswer>(key);
      if (previous) queryClient.setQueryData(key, { ...previous, ...choice });
      return { previous };
    },
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
    onError: (_error, _choice, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
  });
}
