import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * POST /api/logout/: the server revokes the user's tokens. Quiet: whatever the answer, the console
 * logs out locally afterwards.
 */
export async function logout(): Promise<void> {
  await api.post<null>('/logout/', undefined, { quiet: true });
}

export const logoutMutationOptions = () => mutationOptions({ mutationKey: ['session', 'logout'], mutationFn: logout });

export const useLogout = () => useMutation(logoutMutationOptions());
