import type { ShareReceived } from '@mouldwatch/shared';
import { api } from '../../../lib/api';
import { pageOf, type Page, type PageRequest } from '../../../components/admin';

export const SHARES_RECEIVED_KEY = ['sharing', 'received'] as const;

/** GET /api/yudata/share/received/: the shares made to the caller. */
export async function listSharesReceived(request: PageRequest, signal?: AbortSignal): Promise<Page<ShareReceived>> {
  return pageOf(
    await api.get<ShareReceived[]>('/yudata/share/received/', {
      query: { page: request.page, limit: request.limit, search: request.search },
      signal,
    }),
  );
}

/** DELETE /api/yudata/share/received/{id}/: gives back what that sharer shared. */
export async function declineShare(sharerId: number): Promise<string> {
  return (await api.delete<unknown>(`/yudata/share/received/${sharerId}/`)).msg;
}
