import { useQuery } from '@tanstack/react-query';
import type { RenewalRecord } from '@mouldwatch/shared';
import { api } from '../../../lib/api';
import { RENEWAL_KEY } from './renewals';

/** GET /api/renewal/renewal/{id}/: one order with its moulds. */
export async function renewalRecord(id: number, signal?: AbortSignal): Promise<RenewalRecord> {
  return (await api.get<RenewalRecord>(`/renewal/renewal/${id}/`, { signal })).data;
}

export const useRenewalRecord = (id: number | null) =>
  useQuery({
    queryKey: [...RENEWAL_KEY, 'record', id],
    queryFn: ({ signal }) => renewalRecord(id!, signal),
    enabled: id !== null,
  });
