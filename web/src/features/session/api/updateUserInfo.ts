import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { UserInfo, UserInfoUpdate } from '@mouldwatch/shared';
import { api } from '../../../lib/api';
import { USER_INFO_QUERY_KEY } from '../../../lib/auth';
import { queryClient } from '../../../lib/queryClient';

/**
 * PUT /api/yudata/user/user_info/ with any of the profile fields and preferences (never username,
 * roleId, role, avatar or gender). Keeps the cached user info in step with the answer.
 */
export async function updateUserInfo(update: UserInfoUpdate): Promise<UserInfo> {
  const { data } = await api.put<UserInfo>('/yudata/user/user_info/', update);
  if (data && typeof data === 'object') queryClient.setQueryData(USER_INFO_QUERY_KEY, data);
  return data;
}

export const updateUserInfoMutationOptions = () =>
  mutationOptions({ mutationKey: ['session', 'updateUserInfo'], mutationFn: updateUserInfo });

export const useUpdateUserInfo = () => useMutation(updateUserInfoMutationOptions());
