import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryClient } from '../../../lib/queryClient';
import { channelChoiceQueryKey, type ChannelChoice, type ChannelChoiceAnswer } from './getChannelChoice';

/** PUT /api/yudata/mold/channelChoice/{moldId}/ {mold, hrs}: stored for this user and mould. */
export async function saveChannelChoice(moldId: number, choice: ChannelChoice): Promise<ChannelChoiceAnswer> {
  const { data } = await api.put<ChannelChoiceAnswer>(`/yudata/mold/channelChoice/${moldId}/`, choice);
  return data;
}

/**
 * Shows the new choice at once; the server's answer replaces it, a failure puts the old one back.
 * Saves go one after another, in the order chosen: two on their way at once could be stored in
 * either order, and the screen would show one choice while the next visit shows the other. A read
 * on its way was answered from before the save, so it is dropped rather than put the old choice back.
 */
export function useSaveChannelChoice(moldId: number) {
  const key = channelChoiceQueryKey(moldId);
  // A later choice, shown already, is still on its way: its own answer settles what is shown.
  const laterSaveOnItsWay = () => queryClient.isMutating({ mutationKey: key }) > 1;
  return useMutation({
    mutationKey: key,
    scope: { id: key.join('/') },
    mutationFn: (choice: ChannelChoice) => saveChannelChoice(moldId, choice),
    onMutate: async (choice) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ChannelChoiceAnswer>(key);
      if (previous) queryClient.setQueryData(key, { ...previous, ...choice });
      return { previous };
    },
    onSuccess: async (answer) => {
      if (laterSaveOnItsWay()) return;
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData(key, answer);
    },
    onError: (_error, _choice, context) => {
      if (laterSaveOnItsWay()) return;
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      // The choice before may itself have been one that failed: the server says which is stored.
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
