import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { patchCached, queryClient } from '../../../lib/queryClient';
import { HOME_MOULDS_KEY, type HomeMould } from './getMoulds';
import { mouldFactsKey, type MouldFacts } from './getMouldFacts';

/** GET /api/yudata/mold/updateUserMold/{id}/?state=1|0: marks or unmarks the caller's favourite. */
export async function setFavourite(moldId: number, favourite: boolean): Promise<void> {
  await api.get<{ id: number; favourite: boolean }>(`/yudata/mold/updateUserMold/${moldId}/`, {
    query: { state: favourite ? 1 : 0 },
  });
}

/** Through patchCached: a read on its way, answered from before the save, gets the mark too. */
function markEverywhere(moldId: number, favourite: boolean): void {
  patchCached<HomeMould[]>({ queryKey: HOME_MOULDS_KEY }, (moulds) =>
    moulds.some((mould) => mould.id === moldId && mould.favourite !== favourite)
      ? moulds.map((mould) => (mould.id === moldId ? { ...mould, favourite } : mould))
      : moulds,
  );
  patchCached<MouldFacts>({ queryKey: mouldFactsKey(moldId), exact: true }, (facts) =>
    facts.favourite === favourite ? facts : { ...facts, favourite },
  );
}

/** The star shows the new mark at once; it goes back if the server refuses. A favourites-only list is read again. */
export const useSetFavourite = () =>
  useMutation({
    mutationFn: ({ moldId, favourite }: { moldId: number; favourite: boolean }) => setFavourite(moldId, favourite),
    // One mark after another: a star clicked twice quickly could otherwise be stored in either order.
    scope: { id: 'favourite' },
    onMutate: ({ moldId, favourite }) => markEverywhere(moldId, favourite),
    onError: (_error, { moldId, favourite }) => markEverywhere(moldId, !favourite),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: HOME_MOULDS_KEY,
        predicate: (query) => (query.queryKey[2] as { favourite?: boolean } | undefined)?.favourite === true,
      }),
  });
