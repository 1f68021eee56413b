import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Popover, Spin } from 'antd';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';

/** The popup loads when first opened, keeping the notice list out of the home bundle. */
const NoticePopup = lazy(() => import('./NoticePopup').then((module) => ({ default: module.NoticePopup })));

/** The header bell: unread badge and the popup of notices. */
export function NoticeBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const noticeNum = useSession((state) => state.noticeNum);

  const content = (
    <Suspense
      fallback={
        <div className="mw-notice-popup mw-notice-state">
          <Spin />
        </div>
      }
    >
      <NoticePopup onClose={() => setOpen(false)} />
    </Suspense>
  );

  return (
    <Popover
      content={content}
      title={t('header.notifications')}
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      destroyOnHidden
    >
      <Button type="text" className="mw-header-button" aria-label={t('header.notifications')} data-testid="notice-bell">
        <Badge count={noticeNum} size="small" overflowCount={99} data-testid="notice-badge">
          <BellOutlined className="mw-header-icon" />
        </Badge>
      </Button>
    </Popover>
  );
}
