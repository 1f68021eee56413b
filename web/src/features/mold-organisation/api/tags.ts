import { useMutation, useQuery } from '@tanstack/react-query';
import type { NamedRecord, TagKind } from '@mouldwatch/shared';
import { api } from '../../../lib/api';
import { queryClient } from '../../../lib/queryClient';
import { ORGANISATION_KEY } from './keys';

const tagsKey = (kind: TagKind) => [...ORGANISATION_KEY, 'tags', kind] as const;

/** GET /api/yudata/{kind}_tag/: the organisation's country or workshop tags, by name. */
export async function getTags(kind: TagKind, signal?: AbortSignal): Promise<NamedRecord[]> {
  return (await api.get<NamedRecord[]>(`/yudata/${kind}_tag/`, { signal })).data;
}

/** POST /api/yudata/{kind}_tag/: a name the organisation has already answers that tag. */
export async function addTag(kind: TagKind, name: string): Promise<NamedRecord> {
  return (await api.post<NamedRecord>(`/yudata/${kind}_tag/`, { name })).data;
}

/** DELETE /api/yudata/{kind}_tag/{id}/: moulds keep the value they have. */
export async function deleteTag(kind: TagKind, id: number): Promise<void> {
  await api.delete<null>(`/yudata/${kind}_tag/${id}/`);
}

export const useTags = (kind: TagKind) =>
  useQuery({ queryKey: tagsKey(kind), queryFn: ({ signal }) => getTags(kind, signal) });

const refreshTags = (kind: TagKind) => queryClient.invalidateQueries({ queryKey: tagsKey(kind) });

export const useAddTag = (kind: TagKind) =>
  useMutation({ mutationFn: (name: string) => addTag(kind, name), onSuccess: () => refreshTags(kind) });

export const useDeleteTag = (kind: TagKind) =>
  useMutation({ mutationFn: (id: number) => deleteTag(kind, id), onSuccess: () => refreshTags(kind) });
