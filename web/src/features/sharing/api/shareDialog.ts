import { useQuery } from '@tanstack/react-query';
import type { MoldTreeNode, SharedUserInfo } from '@mouldwatch/shared';
import { indexTree } from '../../../components/mould-tree';
import { api } from '../../../lib/api';

export const SHARE_KEY = ['sharing'] as const;

/** GET /api/yudata/share/roles/: the viewer roles the dialog offers. */
export const useViewerRoles = (enabled: boolean) =>
  useQuery({
    queryKey: [...SHARE_KEY, 'roles'],
    queryFn: async ({ signal }) =>
      (await api.get<Array<{ id: number; name: string }>>('/yudata/share/roles/', { signal })).data,
    enabled,
  });

/** GET /api/yudata/share_user_info/?email: the caller's earlier share with this address, else null. */
export async function getShareInfo(email: string): Promise<SharedUserInfo | null> {
  return (await api.get<SharedUserInfo | null>('/yudata/share_user_info/', { query: { email } })).data;
}

/** GET /api/yudata/share/mold_tree/: the caller's moulds; with a recipient, marked for adding or editing. */
export const useShareTree = (userId: number | null, mode: 'add' | 'edit', enabled = true) =>
  useQuery({
    queryKey: [...SHARE_KEY, 'tree', userId, mode],
    queryFn: async ({ signal }) =>
      (
        await api.get<MoldTreeNode[]>('/yudata/share/mold_tree/', {
          query: userId === null ? { mode } : { user_id: userId, mode },
          signal,
        })
      ).data,
    select: indexTree,
    enabled,
    gcTime: 0,
  });
