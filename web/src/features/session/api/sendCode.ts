import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** An e-mail address (it has an @) or a mobile number. */
export const isEmailAddress = (address: string) => address.includes('@');

export interface CodeRequest {
  address: string;
  purpose: 'reset' | 'activate';
}

/** GET /api/send_email/ or, for a mobile number, GET /api/send_sms/; answers the server's message. */
export async function sendCode({ address, purpose }: CodeRequest): Promise<string> {
  const { msg } = isEmailAddress(address)
    ? await api.get<null>('/send_email/', { query: { email: address, purpose } })
    : await api.get<null>('/send_sms/', { query: { mobile: address, purpose } });
  return msg;
}

export const useSendCode = () =>
  useMutation(mutationOptions({ mutationKey: ['session', 'sendCode'], mutationFn: sendCode }));

/** The body's address field for a code: `email` or `mobile`. */
export const addressField = (address: string) => (isEmailAddress(address) ? { email: address } : { mobile: address });
