import { useMutation } from '@tanstack/react-query';
import type { MoldTreeChange } from '@mouldwatch/shared';
import { api } from '../../../lib/api';
import { queryClient } from '../../../lib/queryClient';
import { mouldTreeKey } from './getMouldTree';

/** PUT /api/yudata/mold_distribution/{id}/ {change}: the user's own moulds change as the tree's ticks say. */
export async function distributeMoulds(userId: number, change: MoldTreeChange) {
  const { data } = await api.put<{ granted: number[]; revoked: number[] }>(`/yudata/mold_distribution/${userId}/`, {
    change,
  });
  return data;
}

export const useDistributeMoulds = () =>
  useMutation({
    mutationFn: ({ userId, change }: { userId: number; change: MoldTreeChange }) => distributeMoulds(userId, change),
    onSuccess: (_outcome, { userId }) => queryClient.removeQueries({ queryKey: mouldTreeKey(userId) }),
  });
