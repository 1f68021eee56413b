import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { LoginForm, UserInfo } from '@mouldwatch/shared';
import { currentLanguageCode } from '../../../i18n';
import { api } from '../../../lib/api';
import { encodePassword } from '../../../lib/encoding';

export interface LoginAnswer {
  access: string;
  user: UserInfo;
}

/** POST /api/login/{lang} with the password base64-encoded. */
export async function login(form: LoginForm): Promise<LoginAnswer> {
  const { data } = await api.post<LoginAnswer>(`/login/${currentLanguageCode()}`, {
    username: form.username,
    password: encodePassword(form.password),
  });
  return data;
}

export const loginMutationOptions = () => mutationOptions({ mutationKey: ['session', 'login'], mutationFn: login });

export const useLogin = () => useMutation(loginMutationOptions());
