import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AlarmType, alarmRouteFor, type LiveServerMessage } from '@mouldwatch/shared';
import { closeAlarmPopups, warningPopup } from '../../../lib/feedback';
import { browserStorage } from '../../../lib/storage';
import { noticeDetail, noticeTitle } from '../noticeText';
import { OFFLINE_POPUPS_PER_DAY, countOfflinePopup } from '../offlineCounter';

type NotifyMessage = Extract<LiveServerMessage, { type: 'notify' }>;

/** A popup per live notice (at most 3 on screen, the oldest closed first, all closed at once by its button). */
export function useAlarmPopups(): (message: NotifyMessage) => void {
  const { t } = useTranslation();
  const navigate = useNavigate();

  return (message) => {
    const notice = { alarm_type: message.notify_type, content: message.content };
    let detail = noticeDetail(notice as Parameters<typeof noticeDetail>[0], t);
    if (message.notify_type === AlarmType.offline) {
      const mould = message.mold_number || message.mold_name || String(message.id);
      const { show, count } = countOfflinePopup(browserStorage(), mould, Date.now());
      if (!show) return;
      if (count === OFFLINE_POPUPS_PER_DAY) detail = t('notices.offlineOften');
    }
    const route = alarmRouteFor(message.notify_type);
    warningPopup({
      key: `notice-${message.id}`,
      className: 'mw-alarm-popup',
      title: noticeTitle({ alarm_type: message.notify_type as AlarmType }, t),
      description: (
        <div data-testid="alarm-popup">
          <div>{[message.mold_name, message.mold_number].filter(Boolean).join(' · ')}</div>
          <div>{detail}</div>
        </div>
      ),
      actions: (
        <Button
          size="small"
          onClick={(event) => {
            event.stopPropagation();
            closeAlarmPopups();
          }}
          data-testid="alarm-popups-close-all"
        >
          {t('notices.closeAll')}
        </Button>
      ),
      onClick: route ? () => navigate(`${route}?unique_str=${encodeURIComponent(message.unique_str)}`) : undefined,
    });
  };
}
