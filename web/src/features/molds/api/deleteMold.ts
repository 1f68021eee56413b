import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryClient } from '../../../lib/queryClient';
import { MOLD_LIST_KEY } from './listMolds';

/** DELETE /api/yudata/mold_setting/{id}/: the mould with its work orders and maintenance tasks. */
export async function deleteMold(id: number): Promise<string> {
  const { msg } = await api.delete<null>(`/yudata/mold_setting/${id}/`);
  return msg;
}

export const useDeleteMold = () =>
  useMutation({
    mutationFn: deleteMold,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MOLD_LIST_KEY }),
  });
