import type { RenewalRecord } from '@mouldwatch/shared';
import { api } from '../../../lib/api';

/** PUT /api/renewal/cancel/{id}/ (after the confirmation): answers the toast text. */
export async function cancelRenewal(id: number): Promise<string> {
  return (await api.put<RenewalRecord>(`/renewal/cancel/${id}/`)).msg;
}
