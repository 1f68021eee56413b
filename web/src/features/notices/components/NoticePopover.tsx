import { Popover } from 'antd';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import type { FirstUseProps } from '../../../components/OnFirstUse';
import { PageSpinner } from '../../../components/PageSpinner';
import { queryClient } from '../../../lib/queryClient';
import { NOTICES_QUERY_KEY } from '../api/notices';

/** The list loads when the popover first opens (NoticeBell starts its load beside the popover's). */
const NoticePopup = lazy(() => import('./NoticePopup').then((module) => ({ default: module.NoticePopup })));

export interface NoticePopoverProps extends FirstUseProps {
  /** Under the bell's right edge; or centred under it, shifted along the window's edge where it would leave it. */
  placement: 'bottomRight' | 'bottom';
}

/**
 * The bell's popover (antd's), loaded when the bell is first clicked. Once opened it stays mounted
 * while hidden, and each opening refreshes the list: a popup mounted afresh on each opening could
 * take the first press inside it, while its trigger still knew the earlier popup's element, for a
 * press outside, close, and swallow the click ("read all" then did nothing).
 */
export function NoticePopover({ placement, open, onOpenChange, renderButton }: NoticePopoverProps) {
  const { t } = useTranslation();
  const openOrClose = (next: boolean) => {
    if (next) void queryClient.invalidateQueries({ queryKey: NOTICES_QUERY_KEY });
    onOpenChange(next);
  };
  const content = (
    <Suspense
      fallback={
        <div className="mw-notice-popup mw-notice-state">
          <PageSpinner />
        </div>
      }
    >
      <NoticePopup onClose={() => onOpenChange(false)} />
    </Suspense>
  );
  return (
    <Popover
      content={content}
      title={t('header.notifications')}
      trigger="click"
      placement={placement}
      open={open}
      onOpenChange={openOrClose}
    >
      {renderButton()}
    </Popover>
  );
}
