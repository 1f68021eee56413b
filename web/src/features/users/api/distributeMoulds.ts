import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryClient } from '../../../lib/queryClient';
import { mouldTreeKey } from './getMouldTree';

/** PUT /api/yudata/mold_distribution/{id}/: the user's own moulds become exactly these. */
export async function distributeMoulds(userId: number, moldIds: number[]) {
  const { data } = await api.put<{ granted: number[]; revoked: number[] }>(`/yudata/mold_distribution/${userId}/`, {
    moldIds,
  });
  return data;
}

export const useDistributeMoulds = () =>
  useMutation({
    mutationFn: ({ userId, moldIds }: { userId: number; moldIds: number[] }) => distributeMoulds(userId, moldIds),
    onSuccess: (_outcome, { userId }) => queryClient.removeQueries({ queryKey: mouldTreeKey(userId) }),
  });
