import type { ShareLinkInfo, UserInfo } from '@mouldwatch/shared';
import { api } from '../../../lib/api';
import { encodePassword } from '../../../lib/encoding';

/** GET /api/share_link/?token: what the link opens (quiet: the page shows the refusal itself). */
export async function getShareLink(token: string, signal?: AbortSignal): Promise<ShareLinkInfo> {
  return (await api.get<ShareLinkInfo>('/share_link/', { query: { token }, signal, quiet: true })).data;
}

/** POST /api/share_link/: opens the link with the password; answers the session token. */
export async function openShareLink(token: string, password: string): Promise<{ access: string; user: UserInfo }> {
  return (
    await api.post<{ access: string; user: UserInfo }>('/share_link/', { token, password: encodePassword(password) })
  ).data;
}
