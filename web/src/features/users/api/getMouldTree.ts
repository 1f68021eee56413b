import { useQuery } from '@tanstack/react-query';
import type { MoldTreeNode } from '@mouldwatch/shared';
import type { TreePart, TreePartAnswer } from '../../../components/mould-tree';
import { api } from '../../../lib/api';

export const mouldTreeKey = (userId: number) => ['users', 'moldTree', userId] as const;

/**
 * GET /api/yudata/mold_permission/?user_id&parent&search: a part of the caller's mould tree
 * (the first answer, a group's moulds, a search), checked where the user holds moulds.
 */
export async function getMouldTree(userId: number, part: TreePart = {}, signal?: AbortSignal): Promise<TreePartAnswer> {
  const answer = await api.get<MoldTreeNode[]>('/yudata/mold_permission/', {
    query: { user_id: userId, ...part },
    signal,
  });
  return { nodes: answer.data, more: answer.more };
}

export const useMouldTree = (userId: number) =>
  useQuery({
    queryKey: mouldTreeKey(userId),
    queryFn: async ({ signal }) => (await getMouldTree(userId, {}, signal)).nodes,
    gcTime: 0,
  });
