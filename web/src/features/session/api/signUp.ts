import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { SignUpForm } from '@mouldwatch/shared';
import { api } from '../../../lib/api';
import { encodePassword } from '../../../lib/encoding';

/** POST /api/signup/: the account is made inactive, and its code mailed; answers the server's message. */
export async function signUp(form: SignUpForm): Promise<string> {
  const { msg } = await api.post<null>('/signup/', {
    username: form.username,
    password: encodePassword(form.password),
    password2: encodePassword(form.password2),
    email: form.email,
    ...(form.mobile ? { mobile: form.mobile } : {}),
  });
  return msg;
}

export const useSignUp = () => useMutation(mutationOptions({ mutationKey: ['session', 'signUp'], mutationFn: signUp }));
