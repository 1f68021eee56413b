import { Button, Empty, List, Spin, Typography } from 'antd';
import type { UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { alarmRouteFor, type Notice } from '@mouldwatch/shared';
import { currentLanguage } from '../../../i18n';
import { queryClient } from '../../../lib/queryClient';
import { useSession } from '../../../lib/session';
import { formatDateTime } from '../../../lib/time';
import { NOTICES_QUERY_KEY, deleteNotice, readAllNotices, useNotices } from '../api/notices';
import { noticeDetail, noticeTitle } from '../noticeText';

/** More pages load only once the list holds more than this many notices (spec §2). */
const LAZY_AFTER = 9;

/** The bell's 400 × 366 popup of notices, loading more as it scrolls. */
export function NoticePopup({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const timeZone = useSession((state) => state.timeZone);
  const notices = useNotices();
  const items = notices.data?.pages.flatMap((page) => page.items) ?? [];

  const loadMoreAtBottom = (event: UIEvent<HTMLDivElement>) => {
    const list = event.currentTarget;
    const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 24;
    if (atBottom && items.length > LAZY_AFTER && notices.hasNextPage && !notices.isFetchingNextPage) {
      void notices.fetchNextPage();
    }
  };

  const openNotice = (notice: Notice) => {
    const route = alarmRouteFor(notice.alarm_type);
    if (!route) return;
    onClose();
    navigate(`${route}?unique_str=${encodeURIComponent(notice.unique_str)}`);
    void deleteNotice(notice.id).then(() => {
      if (!notice.is_read) useSession.getState().setNoticeNum(Math.max(0, useSession.getState().noticeNum - 1));
      return queryClient.invalidateQueries({ queryKey: NOTICES_QUERY_KEY });
    });
  };

  const openTemperatureAlarms = () => {
    onClose();
    navigate('/alarm/temperature');
    void readAllNotices().then(() => {
      useSession.getState().setNoticeNum(0);
      return queryClient.invalidateQueries({ queryKey: NOTICES_QUERY_KEY });
    });
  };

  const footer = notices.isFetchingNextPage ? (
    <Spin size="small" />
  ) : items.length > LAZY_AFTER && !notices.hasNextPage ? (
    <Typography.Text type="secondary">{t('notices.end')}</Typography.Text>
  ) : null;

  return (
    <div className="mw-notice-popup" data-testid="notice-popup">
      <div className="mw-notice-list" onScroll={loadMoreAtBottom} data-testid="notice-list">
        {notices.isPending ? (
          <div className="mw-notice-state">
            <Spin />
            <Typography.Text type="secondary">{t('notices.loading')}</Typography.Text>
          </div>
        ) : items.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notices.empty')} />
        ) : (
          <List
            size="small"
            dataSource={items}
            renderItem={(notice) => (
              <List.Item
                className={notice.is_read ? 'mw-notice mw-notice-read' : 'mw-notice'}
                onClick={() => openNotice(notice)}
                data-testid="notice-item"
              >
                <List.Item.Meta
                  title={
                    <span className="mw-notice-title">
                      {noticeTitle(notice, t)}
                      <span className="mw-notice-time">
                        {formatDateTime(notice.create_datetime, timeZone, currentLanguage())}
                      </span>
                    </span>
                  }
                  description={
                    <>
                      <div>{[notice.mold_name, notice.mold_number].filter(Boolean).join(' · ')}</div>
                      <div>{noticeDetail(notice, t)}</div>
                    </>
                  }
                />
              </List.Item>
            )}
          />
        )}
        <div className="mw-notice-footer" data-testid="notice-footer">
          {footer}
        </div>
      </div>
      <Button type="link" block onClick={openTemperatureAlarms} data-testid="notice-read-all">
        {t('notices.viewTemperature')}
      </Button>
    </div>
  );
}
