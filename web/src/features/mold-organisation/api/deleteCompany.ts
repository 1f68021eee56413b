import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshOrganisation } from './keys';

/** DELETE /api/yudata/mold_company/{id}/: refused (409) while the company has mould groups. */
export async function deleteCompany(id: number): Promise<void> {
  await api.delete<null>(`/yudata/mold_company/${id}/`);
}

export const useDeleteCompany = () => useMutation({ mutationFn: deleteCompany, onSuccess: refreshOrganisation });
