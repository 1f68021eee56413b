import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { UserInfo, UserInfoUpdate } from '@mouldwatch/shared';
import { api } from '../../../lib/api';
import { USER_INFO_QUERY_KEY } from '../../../lib/auth';
import { queryClient } from '../../../lib/queryClient';

/**
 * PUT /api/yudata/user/user_info/ with any of the profile fields and preferences (never username,
 * roleId, role, avatar or gender). Keeps the cached user info in step with the answer.
 */
export async function updateUserInfo(update: UserInfoUpdate, options: { quiet?: boolean } = {}): Promise<UserInfo> {
  const { data } = await api.put<UserInfo>('/yudata/user/user_info/', update, options);
  if (data && typeof data === 'object') queryClient.setQueryData(USER_INFO_QUERY_KEY, data);
  return data;
}

/**
 * Saves a display preference the header changed (time zone, unit, language) so it follows the user
 * to other browsers. The change already applies locally, so a failure only costs the roaming.
 */
export function savePreferences(update: Pick<UserInfoUpdate, 'timeZone' | 'utcOffset' | 'unit' | 'language'>): void {
  updateUserInfo(update, { quiet: true }).catch(() => undefined);
}

export const updateUserInfoMutationOptions = () =>
  mutationOptions({
    mutationKey: ['session', 'updateUserInfo'],
    mutationFn: (update: UserInfoUpdate) => updateUserInfo(update),
  });

export const useUpdateUserInfo = () => useMutation(updateUserInfoMutationOptions());
