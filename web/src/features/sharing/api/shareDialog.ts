import { useQuery } from '@tanstack/react-query';
import type { MoldTreeNode, SharedUserInfo } from '@mouldwatch/shared';
import type { TreePart, TreePartAnswer } from '../../../components/mould-tree';
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

export const shareTreeKey = (userId: number | null, mode: 'add' | 'edit') =>
  [...SHARE_KEY, 'tree', userId, mode] as const;

/**
 * GET /api/yudata/share/mold_tree/?user_id&mode&parent&search: a part of the caller's mould tree
 * (as the users page's), with a recipient marked for adding or editing their share.
 */
export async function getShareTree(
  userId: number | null,
  mode: 'add' | 'edit',
  part: TreePart = {},
  signal?: AbortSignal,
): Promise<TreePartAnswer> {
  const query = userId === null ? { mode, ...part } : { user_id: userId, mode, ...part };
  const answer = await api.get<MoldTreeNode[]>('/yudata/share/mold_tree/', { query, signal });
  return { nodes: answer.data, more: answer.more };
}

/** The first answer of the share dialog's tree. */
export const useShareTree = (userId: number | null, mode: 'add' | 'edit', enabled = true) =>
  useQuery({
    queryKey: shareTreeKey(userId, mode),
    queryFn: async ({ signal }) => (await getShareTree(userId, mode, {}, signal)).nodes,
    enabled,
    gcTime: 0,
  });
