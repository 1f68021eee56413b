import { currentLanguageCode, i18n, serverText } from '../i18n';
import { createApiClient } from './api-client';
import { fetchJsonOffMain } from './off-main/fetchOffMain';
import { endSession } from './auth';
import { useSession } from './session';
import { browserTimeZone } from './timeZone';
import { toast } from './feedback';
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
  fetchJsonOffMain,
  onUnauthenticated: () => {
    // Already logged out here (a query still settling after logout): nothing to end.
    if (!getToken()) return;
    endSession();
    window.location.reload();
  },
});
