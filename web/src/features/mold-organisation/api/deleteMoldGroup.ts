import { useMutation } from '@tanstack/react-query';
import type { MoldGroupRemoval } from '@mouldwatch/shared';
import { api } from '../../../lib/api';
import { refreshOrganisation } from './keys';

/** DELETE /api/yudata/mold_group/{id}/: the group and its moulds; answers how many moulds went. */
export async function deleteMoldGroup(id: number): Promise<MoldGroupRemoval> {
  return (await api.delete<MoldGroupRemoval>(`/yudata/mold_group/${id}/`)).data;
}

export const useDeleteMoldGroup = () => useMutation({ mutationFn: deleteMoldGroup, onSuccess: refreshOrganisation });
