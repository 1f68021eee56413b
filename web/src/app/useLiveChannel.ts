import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LIVE_PATH, ResponseCode, type LiveServerMessage } from '@mouldwatch/shared';
import { applyMaintenance, applyMouldStatus } from '../features/home';
import { NOTICES_QUERY_KEY, useAlarmPopups } from '../features/notices';
import { getMenu } from '../features/menu';
import { getUserInfo } from '../features/session';
import { ApiError } from '../lib/api';
import { endSession } from '../lib/auth';
import { liveFeed } from '../lib/liveFeed';
import { LiveConnection } from '../lib/liveSocket';
import { queryClient } from '../lib/queryClient';
import { useSession } from '../lib/session';
import { browserTimeZone } from '../lib/timeZone';
import { toast } from '../lib/feedback';
import { getToken } from '../lib/token';
import { routesForMenu } from './guard';
import { serverText } from '../i18n';
import { mustLeave, showsMoulds } from './mouldSetChanges';

function liveUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}${LIVE_PATH}`;
}

/**
 * The socket says the session is gone; HTTP confirms before the console logs out. A logout or
 * password change in this tab has already cleared the token, and its own flow goes on; a socket
 * closed for another reason (a slow login) just connects again.
 */
async function confirmSessionEnded(reconnect: () => void): Promise<void> {
  try {
    await getUserInfo({ quiet: true });
    reconnect();
  } catch (error) {
    if (!getToken() || !(error instanceof ApiError) || error.code !== ResponseCode.unauthenticated) return;
    endSession();
    window.location.reload();
  }
}

/**
 * The user's role changed: the console takes the new menu (routes and sidebar follow; a screen it
 * lost redirects with the no-permission toast). A menu left empty goes through the first-navigation
 * sequence again, which logs out with 20518.
 */
async function reloadMenu(): Promise<void> {
  const menu = await getMenu().catch(() => undefined);
  if (!menu) return;
  useSession.getState().setMenu(routesForMenu(menu).length > 0 ? menu : null);
}

/**
 * The user's moulds changed (granted, taken away, edited, deleted): what shows moulds is read
 * again, and the facts or detail view of a mould the user lost goes back home.
 */
function useMouldSetChanges() {
  const navigate = useNavigate();
  const location = useLocation();
  const pathname = location.pathname;
  return (message: Extract<LiveServerMessage, { type: 'moulds' }>) => {
    void queryClient.invalidateQueries({ predicate: showsMoulds });
    const session = useSession.getState();
    if (!mustLeave(message, pathname, session.homeSelectMoldId)) return;
    session.setHomeSelectMold(null, null);
    toast.warning(serverText('moldNotFound'));
    void navigate('/index');
  };
}

/** The logged-in console's live channel: unread count, notices and their popups, mould state changes. */
export function useLiveChannel(): void {
  const { t } = useTranslation();
  const showAlarmPopup = useAlarmPopups();
  const onMouldSetChange = useMouldSetChanges();
  // The connection lives as long as the console; its callbacks call the newest handler.
  const latest = useRef(onMouldSetChange);
  useEffect(() => {
    latest.current = onMouldSetChange;
  });

  useEffect(() => {
    const connection = new LiveConnection({
      url: liveUrl,
      token: getToken,
      timeZone: () => useSession.getState().timeZone || browserTimeZone(),
      createSocket: (url) => new WebSocket(url),
      onMessage: (message) => {
        liveFeed.publish(message);
        const session = useSession.getState();
        if (message.type === 'ping') session.countNotices(message.messageCount, message.countedThrough);
        if (message.type === 'list') applyMouldStatus(message.data);
        if (message.type === 'maintenance') applyMaintenance(message.data);
        // A menu changed before this socket logged in (a first load, a reconnection) was announced to nobody.
        if (message.type === 'menu' || (message.type === 'login' && message.code === ResponseCode.ok))
          void reloadMenu();
        if (message.type === 'notify') {
          session.noticeArrived(message.id);
          void queryClient.invalidateQueries({ queryKey: NOTICES_QUERY_KEY });
          showAlarmPopup(message);
        }
        if (message.type === 'moulds') latest.current(message);
      },
      onGiveUp: () => toast.error(t('live.lost')),
      onSessionEnded: () => void confirmSessionEnded(() => connection.start()),
    });
    liveFeed.attach(connection);
    connection.start();
    return () => {
      liveFeed.attach(undefined);
      connection.stop();
    };
    // One connection per console session; the callbacks read fresh state when they run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
