import { BellOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { OnFirstUse, firstUsePart } from '../../../components/OnFirstUse';
import { useSession } from '../../../lib/session';

/**
 * The popover (antd's) loads on the bell's first click, and the notice list with it, keeping both
 * out of every page's first load: the list's load starts beside the popover's, not after it.
 */
const noticePopover = firstUsePart(() => {
  void import('./NoticePopup').catch(() => undefined);
  return import('./NoticePopover').then((module) => module.NoticePopover);
});

/** The unread count as shown: none at 0, 99+ above 99. */
const countText = (count: number) => (count <= 0 ? '' : count > 99 ? '99+' : String(count));

/** The unread count as a small red bubble on the bell. */
function UnreadCount({ text }: { text: string }) {
  if (!text) return null;
  return (
    <sup className={text.length > 1 ? 'mw-count mw-count-wide' : 'mw-count'} data-testid="notice-badge">
      {text}
    </sup>
  );
}

/**
 * The header bell: unread count and the popup of notices, under the bell's right edge, or (`centred`,
 * on a phone, where that would leave the window) centred under it and kept inside the window.
 */
export function NoticeBell({ centred = false }: { centred?: boolean }) {
  const { t } = useTranslation();
  const unread = countText(useSession((state) => state.noticeNum));
  const label = t('header.notifications');

  return (
    <OnFirstUse
      part={noticePopover}
      partProps={{ placement: centred ? ('bottom' as const) : ('bottomRight' as const) }}
      renderButton={(trigger) => (
        <Button
          {...trigger}
          type="text"
          className="mw-header-button"
          aria-label={unread ? `${label} (${unread})` : label}
          aria-haspopup="dialog"
          data-testid="notice-bell"
        >
          <span className="mw-bell">
            <BellOutlined className="mw-header-icon" />
            <UnreadCount text={unread} />
          </span>
        </Button>
      )}
    />
  );
}
