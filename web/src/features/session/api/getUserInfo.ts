import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserInfo } from '@mouldwatch/shared';
import { api } from '../../../lib/api';
import { USER_INFO_QUERY_KEY } from '../../../lib/auth';

/** GET /api/yudata/user/user_info/. */
export async function getUserInfo(options: { signal?: AbortSignal; quiet?: boolean } = {}): Promise<UserInfo> {
  const { data } = await api.get<UserInfo>('/yudata/user/user_info/', options);
  return data;
}

export const userInfoQueryOptions = () =>
  queryOptions({ queryKey: USER_INFO_QUERY_KEY, queryFn: ({ signal }) => getUserInfo({ signal }), staleTime: 60_000 });

export const useUserInfo = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...userInfoQueryOptions(), enabled: options.enabled ?? true });
