import { useMutation } from '@tanstack/react-query';
import type { UserRecord } from '@mouldwatch/shared';
import { api } from '../../../lib/api';
import { queryClient } from '../../../lib/queryClient';
import { USERS_KEY } from './getUsers';

/** What the form sends: the password base64-encoded, and absent on edit to keep it. */
export interface UserPayload {
  username: string;
  password?: string;
  name: string;
  mobile: string;
  email: string;
  role: number;
  subscribe: 0 | 1;
}

/** POST /api/yudata/user/ (a new staff user) or PUT /api/yudata/user/{id}/ (any of its fields, is_active). */
export async function saveUser(id: number | null, payload: Partial<UserPayload> & { is_active?: boolean }) {
  const { data } =
    id === null
      ? await api.post<UserRecord>('/yudata/user/', payload)
      : await api.put<UserRecord>(`/yudata/user/${id}/`, payload);
  return data;
}

export const useSaveUser = () =>
  useMutation({
    mutationFn: ({ id, payload }: { id: number | null; payload: Partial<UserPayload> & { is_active?: boolean } }) =>
      saveUser(id, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
