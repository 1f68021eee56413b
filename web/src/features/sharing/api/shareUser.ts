import type { ShareCreated } from '@mouldwatch/shared';
import { api } from '../../../lib/api';

/** POST /api/yudata/share_user/: shares the moulds with the address; answers the share link. */
export async function shareUser(form: { email: string; role: number; moldIds: number[] }): Promise<ShareCreated> {
  return (await api.post<ShareCreated>('/yudata/share_user/', form)).data;
}
