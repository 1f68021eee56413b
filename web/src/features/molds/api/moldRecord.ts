import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { MoldFormInput, MoldFormSource } from '@mouldwatch/shared';
import { api } from '../../../lib/api';
import { queryClient } from '../../../lib/queryClient';
import { MOLD_LIST_KEY } from './listMolds';

/** `GET /api/yudata/mold_setting/{id}/`: the mould as the form edits it. */
export interface MoldRecord extends MoldFormSource {
  id: number;
  device: { id: number; device_no: string } | null;
  mold_image: string;
  read_only: boolean;
}

/** What saving answers: the mould, and the device's token when this save registered the device (shown once). */
export interface SavedMold {
  mold: MoldRecord;
  device_token?: string;
}

const moldKey = (id: number) => ['molds', 'record', id] as const;

export const moldQueryOptions = (id: number) =>
  queryOptions({
    queryKey: moldKey(id),
    queryFn: async ({ signal }) => (await api.get<MoldRecord>(`/yudata/mold_setting/${id}/`, { signal })).data,
    // The form starts from what the server has now, never from an older copy.
    staleTime: 0,
    gcTime: 0,
  });

export const useMoldRecord = (id: number) => useQuery(moldQueryOptions(id));

/** POST /api/yudata/mold_setting/ (new) or PUT /api/yudata/mold_setting/{id}/ (edit), the whole form. */
export async function saveMold(
  id: number | undefined,
  body: MoldFormInput,
): Promise<{ saved: SavedMold; msg: string }> {
  const { data, msg } =
    id === undefined
      ? await api.post<SavedMold>('/yudata/mold_setting/', body)
      : await api.put<SavedMold>(`/yudata/mold_setting/${id}/`, body);
  return { saved: data, msg };
}

export const useSaveMold = () =>
  useMutation({
    mutationFn: ({ id, body }: { id: number | undefined; body: MoldFormInput }) => saveMold(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MOLD_LIST_KEY }),
  });
