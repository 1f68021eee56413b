import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { NOTICE_PAGE_SIZE, type Notice } from '@mouldwatch/shared';
import { api } from '../../../lib/api';

export const NOTICES_QUERY_KEY = ['notices'] as const;

export interface NoticePage {
  items: Notice[];
  total: number;
  page: number;
}

/** GET /api/yudata/user_message/?page: the user's notices, newest first. */
export async function getNotices(page: number, signal?: AbortSignal): Promise<NoticePage> {
  const answer = await api.get<Notice[]>('/yudata/user_message/', {
    query: { page, limit: NOTICE_PAGE_SIZE },
    signal,
  });
  return { items: answer.data, total: answer.total ?? answer.data.length, page };
}

/** Pages from 1 on, until the loaded notices reach the total. */
export const noticesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: NOTICES_QUERY_KEY,
    queryFn: ({ pageParam, signal }) => getNotices(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((count, page) => count + page.items.length, 0) < last.total ? last.page + 1 : undefined,
    staleTime: 0,
  });

export const useNotices = () => useInfiniteQuery(noticesQueryOptions());

/** DELETE /api/yudata/user_message/{id}/: the notice was opened. */
export async function deleteNotice(id: number): Promise<void> {
  await api.delete<null>(`/yudata/user_message/${id}/`);
}

/** GET /api/yudata/sell_all/: mark every notice read. */
export async function readAllNotices(): Promise<void> {
  await api.get<{ marked: number }>('/yudata/sell_all/');
}
