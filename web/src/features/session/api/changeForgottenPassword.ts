import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { PasswordResetForm } from '@mouldwatch/shared';
import { api } from '../../../lib/api';
import { encodePassword } from '../../../lib/encoding';
import { addressField } from './sendCode';

/** POST /api/change_password/: a new password with the code; every session of the account ends. */
export async function changeForgottenPassword(form: PasswordResetForm & { address: string }): Promise<string> {
  const { msg } = await api.post<null>('/change_password/', {
    ...addressField(form.address),
    code: form.code,
    password: encodePassword(form.password),
    password2: encodePassword(form.password2),
  });
  return msg;
}

export const useChangeForgottenPassword = () =>
  useMutation(
    mutationOptions({ mutationKey: ['session', 'changeForgottenPassword'], mutationFn: changeForgottenPassword }),
  );
