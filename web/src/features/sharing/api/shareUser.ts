import type { MoldTreeChange, ShareCreated } from '@mouldwatch/shared';
import { api } from '../../../lib/api';

/** POST /api/yudata/share_user/ {email, role, change}: shares the moulds the tree's ticks check; answers the share link. */
export async function shareUser(form: { email: string; role: number; change: MoldTreeChange }): Promise<ShareCreated> {
  return (await api.post<ShareCreated>('/yudata/share_user/', form)).data;
}
