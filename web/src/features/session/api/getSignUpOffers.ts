import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** What the login page may offer on this install. */
export interface SignUpOffers {
  open: boolean;
  email: boolean;
  sms: boolean;
}

/** GET /api/signup/: whether sign-up is open, and which channels send codes. */
export async function getSignUpOffers(signal?: AbortSignal): Promise<SignUpOffers> {
  const { data } = await api.get<SignUpOffers>('/signup/', { signal, quiet: true });
  return data;
}

export const useSignUpOffers = () =>
  useQuery(
    queryOptions({
      queryKey: ['session', 'signUpOffers'],
      queryFn: ({ signal }) => getSignUpOffers(signal),
      staleTime: 300_000,
    }),
  );
