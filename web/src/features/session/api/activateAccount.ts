import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { LoginAnswer } from './login';
import { addressField } from './sendCode';

/** POST /api/activationAccount/: the code activates the account and answers a session as the login does. */
export async function activateAccount(form: { address: string; code: string }): Promise<LoginAnswer> {
  const { data } = await api.post<LoginAnswer>('/activationAccount/', {
    ...addressField(form.address),
    code: form.code,
  });
  return data;
}

export const useActivateAccount = () =>
  useMutation(mutationOptions({ mutationKey: ['session', 'activateAccount'], mutationFn: activateAccount }));
