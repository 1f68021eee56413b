import { serverText } from '../i18n';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponseCode } from '@mouldwatch/shared';
import { getMenu } from '../features/menu';
import { getUserInfo } from '../features/session';
import { ApiError } from '../lib/api';
import { applyUserPreferences, endSession } from '../lib/auth';
import { queryClient } from '../lib/queryClient';
import { USER_INFO_QUERY_KEY } from '../lib/auth';
import { useSession } from '../lib/session';
import { browserTimeZone, utcOffsetForZone } from '../lib/timeZone';
import { toast } from '../lib/feedback';
import { bootstrapSession } from './bootstrap';

/** Runs the first-navigation sequence once while the menu is not loaded. */
export function useSessionBootstrap(needed: boolean): void {
  const { t } = useTranslation();
  const started = useRef(false);
  useEffect(() => {
    if (!needed || started.current) return;
    started.current = true;
    void bootstrapSession({
      session: useSession.getState,
      browserTimeZone,
      utcOffsetForZone,
      fetchUserInfo: async () => {
        const user = await getUserInfo();
        queryClient.setQueryData(USER_INFO_QUERY_KEY, user);
        return user;
      },
      fetchMenu: () => getMenu(),
      applyUser: applyUserPreferences,
      isSessionGone: (error) => error instanceof ApiError && error.code === ResponseCode.unauthenticated,
      notifyEmptyMenu: () => toast.error(serverText('20518')),
      logout: endSession,
      reload: () => window.location.reload(),
      later: (run, ms) => void setTimeout(run, ms),
    }).finally(() => {
      started.current = false;
    });
  }, [needed, t]);
}
