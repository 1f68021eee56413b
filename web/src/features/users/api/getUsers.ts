import type { UserRecord } from '@mouldwatch/shared';
import { pageOf, type Page, type PageRequest } from '../../../components/admin';
import { api } from '../../../lib/api';

export const USERS_KEY = ['users', 'list'] as const;

/** GET /api/yudata/user/ for a page, GET /api/yudata/user/obscure_search/?name when something is searched. */
export async function getUsers({ page, limit, search }: PageRequest, signal?: AbortSignal): Promise<Page<UserRecord>> {
  const path = search ? '/yudata/user/obscure_search/' : '/yudata/user/';
  return pageOf(await api.get<UserRecord[]>(path, { query: { page, limit, name: search || undefined }, signal }));
}
