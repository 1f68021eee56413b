import type { RemittanceInput, RenewalRecord } from '@mouldwatch/shared';
import { api } from '../../../lib/api';

/** PUT /api/renewal/renewal/{id}/: the remittance of an unpaid order; answers the toast text. */
export async function remitRenewal(
  id: number,
  input: RemittanceInput,
): Promise<{ record: RenewalRecord; msg: string }> {
  const answer = await api.put<RenewalRecord>(`/renewal/renewal/${id}/`, input);
  return { record: answer.data, msg: answer.msg };
}
