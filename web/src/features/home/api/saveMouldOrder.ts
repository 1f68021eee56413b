import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { patchCached, queryClient } from '../../../lib/queryClient';
import type { HomeFilters } from '../model/filters';
import { placeWithinSlots } from '../model/reorder';
import { HOME_MOULDS_KEY, mouldsQueryKey, type HomeMould } from './getMoulds';

/** POST /api/yudata/updateMoldSort/: the moulds given take, in this order, the places they hold. */
export async function saveMouldOrder(moldIds: readonly number[]): Promise<void> {
  await api.post<null>('/yudata/updateMoldSort/', { sort: moldIds });
}

/** The list shows the new order at once; on failure the lists are read again, once saved the others go stale. */
export const useSaveMouldOrder = (filters: HomeFilters) =>
  useMutation({
    mutationFn: saveMouldOrder,
    // One order after another: two drags' orders could otherwise be stored in either order.
    scope: { id: 'mould-order' },
    // Through patchCached: a read of the list on its way, answered from before the save, is put in
    // the new order too.
    onMutate: (moldIds) => {
      patchCached<readonly HomeMould[]>({ queryKey: mouldsQueryKey(filters), exact: true }, (moulds) =>
        placeWithinSlots(moulds, moldIds),
      );
    },
    onError: () => queryClient.invalidateQueries({ queryKey: HOME_MOULDS_KEY }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HOME_MOULDS_KEY, refetchType: 'none' }),
  });
