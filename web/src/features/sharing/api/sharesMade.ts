import type { MoldTreeChange, ShareMade } from '@mouldwatch/shared';
import { api } from '../../../lib/api';
import { pageOf, type Page, type PageRequest } from '../../../components/admin';

export const SHARES_MADE_KEY = ['sharing', 'made'] as const;

/** GET /api/yudata/share/: the shares the caller made. */
export async function listSharesMade(request: PageRequest, signal?: AbortSignal): Promise<Page<ShareMade>> {
  return pageOf(
    await api.get<ShareMade[]>('/yudata/share/', {
      query: { page: request.page, limit: request.limit, search: request.search },
      signal,
    }),
  );
}

/** PUT /api/yudata/share/mold_distribution/{id}/ {change}: the moulds shared with the recipient change as the tree's ticks say. */
export async function updateShareMoulds(recipientId: number, change: MoldTreeChange) {
  return api.put<{ granted: number[]; revoked: number[] }>(`/yudata/share/mold_distribution/${recipientId}/`, {
    change,
  });
}

/** DELETE /api/yudata/share/{id}/: revokes the share; answers the server's message. */
export async function revokeShare(recipientId: number): Promise<string> {
  return (await api.delete<unknown>(`/yudata/share/${recipientId}/`)).msg;
}
