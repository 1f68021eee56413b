import { Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ShareReceived } from '@mouldwatch/shared';
import { ListScreen, usePagedList } from '../../../components/admin';
import type { ScreenProps } from '../../../lib/screen';
import { currentLanguage } from '../../../i18n';
import { confirm, toast } from '../../../lib/feedback';
import { queryClient } from '../../../lib/queryClient';
import { useSession } from '../../../lib/session';
import { formatDateTime } from '../../../lib/time';
import { SHARES_RECEIVED_KEY, declineShare, listSharesReceived } from '../api/sharesReceived';
import { useSharingTranslation } from '../catalog';
import { MouldTags } from './MouldTags';
import { ShareSwitch } from './ShareSwitch';
import '../sharing.css';

/** /moldsetting/share/accept: what others shared with the user (read-only), with a way to give it back. */
export function SharesReceivedPage({ title }: ScreenProps) {
  const { t } = useSharingTranslation();
  const timeZone = useSession((state) => state.timeZone);
  const list = usePagedList<ShareReceived, object>(SHARES_RECEIVED_KEY, listSharesReceived, {});

  const askDecline = (share: ShareReceived) =>
    confirm({
      title: t('received.declineTitle', { name: share.sharer }),
      content: t('received.declineContent', { name: share.sharer }),
      okButtonProps: { danger: true },
      onOk: async () => {
        toast.success(await declineShare(share.id));
        await list.query.refetch();
        await queryClient.invalidateQueries({ queryKey: ['home'] });
      },
    });

  const columns: ColumnsType<ShareReceived> = [
    {
      title: t('received.from'),
      key: 'from',
      render: (_, share) => (
        <div>
          <div>{share.sharer}</div>
          <div className="mw-share-muted">{share.sharer_email}</div>
        </div>
      ),
    },
    { title: t('received.organisation'), dataIndex: 'organisation' },
    {
      title: t('received.moulds'),
      key: 'molds',
      render: (_, share) => (
        <>
          <MouldTags molds={share.molds} /> <Tag color="blue">{t('received.readOnly')}</Tag>
        </>
      ),
    },
    {
      title: t('received.date'),
      key: 'date',
      render: (_, share) => formatDateTime(Date.parse(share.created_at) / 1000, timeZone, currentLanguage()),
    },
    {
      title: t('made.actions'),
      key: 'actions',
      render: (_, share) => (
        <Button type="link" danger onClick={() => askDecline(share)} data-testid={`share-decline-${share.id}`}>
          {t('received.decline')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <ShareSwitch current="received" />
      <ListScreen<ShareReceived>
        title={title}
        list={list}
        columns={columns}
        rowKey="id"
        testId="shares-received"
        searchPlaceholder={t('made.searchPlaceholder')}
        emptyText={t('received.empty')}
      />
    </>
  );
}
