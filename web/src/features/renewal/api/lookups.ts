import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RenewalMold, RenewalPrice } from '@mouldwatch/shared';
import { pageOf, type Page, type PageRequest } from '../../../components/admin';
import { api } from '../../../lib/api';
import { RENEWAL_KEY } from './renewals';

export interface CountryGuess {
  ip: string;
  country: string | null;
  source: 'time_zone' | 'language' | 'none';
}

/** GET /api/renewal/renewal_mold/: the user's moulds with expiry; `due` only those within a month or expired. */
export async function renewalMolds(
  request: PageRequest & { due: boolean },
  signal: AbortSignal,
): Promise<Page<RenewalMold>> {
  const answer = await api.get<RenewalMold[]>('/renewal/renewal_mold/', {
    query: { page: request.page, limit: request.limit, search: request.search || undefined, due: request.due ? 1 : 0 },
    signal,
  });
  return pageOf(answer);
}

/** GET /api/renewal/price_list/: price per device and year and the receiving bank, per country. */
export const usePriceList = () =>
  useQuery({
    queryKey: [...RENEWAL_KEY, 'prices'],
    queryFn: async ({ signal }) => (await api.get<RenewalPrice[]>('/renewal/price_list/', { signal })).data,
    staleTime: 10 * 60_000,
  });

/** GET /api/renewal/bank_country/: the countries with a receiving bank. */
export const useBankCountries = () =>
  useQuery({
    queryKey: [...RENEWAL_KEY, 'bankCountries'],
    queryFn: async ({ signal }) =>
      (await api.get<{ country: string; currency: string }[]>('/renewal/bank_country/', { signal })).data,
    staleTime: 10 * 60_000,
  });

/** GET /api/renewal/ip_api/: the server's offline guess of the user's country. */
export const useCountryGuess = () =>
  useQuery({
    queryKey: [...RENEWAL_KEY, 'ipApi'],
    queryFn: async ({ signal }) => (await api.get<CountryGuess>('/renewal/ip_api/', { signal })).data,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
