import type { RenewalOrderInput, RenewalRecord } from '@mouldwatch/shared';
import { api } from '../../../lib/api';

/** POST /api/renewal/renewal/: a new unpaid order (moulds, years, country). */
export async function createRenewal(input: RenewalOrderInput): Promise<RenewalRecord> {
  return (await api.post<RenewalRecord>('/renewal/renewal/', input)).data;
}
