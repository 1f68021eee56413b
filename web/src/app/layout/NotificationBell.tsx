import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';

/** The bell with the unread count and the 400 × 366 popup of notices. */
export function NotificationBell() {
  const { t } = useTranslation();
  const noticeNum = useSession((state) => state.noticeNum);
  const content = (
    <div className="mw-notice-popup" data-testid="notice-popup">
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('header.noNotifications')} />
    </div>
  );
  return (
    <Popover content={content} title={t('header.notifications')} trigger="click" placement="bottomRight">
      <Button type="text" className="mw-header-button" aria-label={t('header.notifications')} data-testid="notice-bell">
        <Badge count={noticeNum} size="small" overflowCount={99}>
          <BellOutlined className="mw-header-icon" />
        </Badge>
      </Button>
    </Popover>
  );
}
