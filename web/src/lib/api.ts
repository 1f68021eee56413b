import { currentLanguageCode, i18n, serverText } from '../i18n';
import { createApiClient, type Query } from './api-client';
import { endSession } from './auth';
import { useSession } from './session';
import { browserTimeZone } from './timeZone';
import { toast } from './toast';
import { getToken } from './token';

export { ApiError, RequestCanceledError, isCanceled } from './api-client';
export type { RequestOptions } from './api-client';

/** The console's API client: `/api` on the same origin. */
export const api = createApiClient({
  baseUrl: () => `${window.location.origin}/api`,
  token: getToken,
  languageCode: currentLanguageCode,
  timeZone: () => useSession.getState().timeZone || browserTimeZone(),
  notifyError: (text) => toast.error(text),
  failureText: (status) =>
    status === undefined ? serverText('networkError') : i18n.t('api.httpError', { status: String(status) }),
  onUnauthenticated: () => {
    // Already logged out here (a query still settling after logout): nothing to end.
    if (!getToken()) return;
    endSession();
    window.location.reload();
  },
});

/** Downloads a file (GET as a binary blob) and saves it; failures are toasted by the client. */
export async function downloadFile(path: string, query?: Query, filename?: string): Promise<boolean> {
  try {
    const result = await api.blob(path, { query });
    const href = URL.createObjectURL(result.blob);
    const anchor = document.createElement('a');
    anchor.href = href;
    anchor.download = filename ?? result.filename ?? 'download';
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
    return true;
  } catch {
    return false;
  }
}
