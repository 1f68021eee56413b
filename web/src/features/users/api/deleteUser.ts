import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryClient } from '../../../lib/queryClient';
import { USERS_KEY } from './getUsers';

/** DELETE /api/yudata/user/{id}/. */
export async function deleteUser(id: number): Promise<void> {
  await api.delete<null>(`/yudata/user/${id}/`);
}

export const useDeleteUser = () =>
  useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
