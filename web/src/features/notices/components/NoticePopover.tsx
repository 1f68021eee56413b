import { Popover } from 'antd';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import type { FirstUseProps } from '../../../components/OnFirstUse';
import { PageSpinner } from '../../../components/PageSpinner';

/** The list loads when the popover first opens (NoticeBell starts its load beside the popover's). */
const NoticePopup = lazy(() => import('./NoticePopup').then((module) => ({ default: module.NoticePopup })));

export interface NoticePopoverProps extends FirstUseProps {
  /** Under the bell's right edge; or centred under it, shifted along the window's edge where it would leave it. */
  placement: 'bottomRight' | 'bottom';
}

/** The bell's popover (antd's), loaded when the bell is first clicked. */
export function NoticePopover({ placement, open, onOpenChange, renderButton }: NoticePopoverProps) {
  const { t } = useTranslation();
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
      onOpenChange={onOpenChange}
      destroyOnHidden
    >
      {renderButton()}
    </Popover>
  );
}
