import { useMutation } from '@tanstack/react-query';
import type { MoldGroupForm, MoldGroupRecord } from '@mouldwatch/shared';
import { api } from '../../../lib/api';
import { refreshOrganisation } from './keys';

/** POST /api/yudata/mold_group/ (no id) or PUT /api/yudata/mold_group/{id}/. */
export async function saveMoldGroup(id: number | undefined, form: MoldGroupForm): Promise<MoldGroupRecord> {
  const answer =
    id === undefined
      ? await api.post<MoldGroupRecord>('/yudata/mold_group/', form)
      : await api.put<MoldGroupRecord>(`/yudata/mold_group/${id}/`, form);
  return answer.data;
}

export const useSaveMoldGroup = () =>
  useMutation({
    mutationFn: ({ id, form }: { id?: number; form: MoldGroupForm }) => saveMoldGroup(id, form),
    onSuccess: refreshOrganisation,
  });
