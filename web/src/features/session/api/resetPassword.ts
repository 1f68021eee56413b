import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { PasswordChangeForm } from '@mouldwatch/shared';
import { api } from '../../../lib/api';
import { encodePassword } from '../../../lib/encoding';

/**
 * PUT /api/yudata/user/reset_password/ with the three passwords base64-encoded. On success every
 * token of the user stops working, this one too.
 */
export async function resetPassword(form: PasswordChangeForm): Promise<void> {
  await api.put<null>('/yudata/user/reset_password/', {
    oldPassword: encodePassword(form.oldPassword),
    newPassword: encodePassword(form.newPassword),
    newPassword2: encodePassword(form.newPassword2),
  });
}

export const resetPasswordMutationOptions = () =>
  mutationOptions({ mutationKey: ['session', 'resetPassword'], mutationFn: resetPassword });

export const useResetPassword = () => useMutation(resetPasswordMutationOptions());
