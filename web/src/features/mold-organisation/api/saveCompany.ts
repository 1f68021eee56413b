import { useMutation } from '@tanstack/react-query';
import type { CompanyForm, NamedRecord } from '@mouldwatch/shared';
import { api } from '../../../lib/api';
import { refreshOrganisation } from './keys';

/** POST /api/yudata/mold_company/ (no id) or PUT /api/yudata/mold_company/{id}/. */
export async function saveCompany(id: number | undefined, form: CompanyForm): Promise<NamedRecord> {
  const answer =
    id === undefined
      ? await api.post<NamedRecord>('/yudata/mold_company/', form)
      : await api.put<NamedRecord>(`/yudata/mold_company/${id}/`, form);
  return answer.data;
}

export const useSaveCompany = () =>
  useMutation({
    mutationFn: ({ id, form }: { id?: number; form: CompanyForm }) => saveCompany(id, form),
    onSuccess: refreshOrganisation,
  });
