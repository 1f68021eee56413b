import { useQuery } from '@tanstack/react-query';
import type { MoldTreeNode } from '@mouldwatch/shared';
import { api } from '../../../lib/api';
import { indexTree } from '../../../components/mould-tree';

export const mouldTreeKey = (userId: number) => ['users', 'moldTree', userId] as const;

/** GET /api/yudata/mold_permission/?user_id: the caller's moulds as a tree, checked where the user holds them. */
export async function getMouldTree(userId: number, signal?: AbortSignal): Promise<MoldTreeNode[]> {
  const { data } = await api.get<MoldTreeNode[]>('/yudata/mold_permission/', { query: { user_id: userId }, signal });
  return data;
}

export const useMouldTree = (userId: number) =>
  useQuery({
    queryKey: mouldTreeKey(userId),
    queryFn: ({ signal }) => getMouldTree(userId, signal),
    select: indexTree,
    gcTime: 0,
  });
