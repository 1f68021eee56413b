import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Modal, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { MenuId, type ShareMade } from '@mouldwatch/shared';
import { ListScreen, useMenuActions, usePagedList } from '../../../components/admin';
import { treeChange, type Ticks } from '../../../components/mould-tree';
import type { ScreenProps } from '../../../lib/screen';
import { currentLanguage, serverText } from '../../../i18n';
import { confirm, toast } from '../../../lib/feedback';
import { useSession } from '../../../lib/session';
import { formatDateTime } from '../../../lib/time';
import { useShareTree } from '../api/shareDialog';
import { SHARES_MADE_KEY, listSharesMade, revokeShare, updateShareMoulds } from '../api/sharesMade';
import { useSharingTranslation } from '../catalog';
import { MouldTags } from './MouldTags';
import { ShareSwitch } from './ShareSwitch';
import { ShareTree } from './ShareDialog';
import '../sharing.css';

/** The moulds shared with one recipient, changed through share/mold_distribution. */
function EditMouldsModal({ share, onClose }: { share: ShareMade; onClose(saved: boolean): void }) {
  const { t } = useSharingTranslation();
  const tree = useShareTree(share.id, 'edit');
  const [ticks, setTicks] = useState<Ticks>(new Map());
  const [saving, setSaving] = useState(false);
  const save = async () => {
    if (!tree.data) return;
    setSaving(true);
    try {
      // Unchecking every mould is refused by the server (20338), which the client shows.
      await updateShareMoulds(share.id, treeChange(ticks));
      toast.success(serverText('modified'));
      onClose(true);
    } catch {
      // Told by the client; the dialog stays.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('made.editTitle', { email: share.email })}
      onCancel={() => onClose(false)}
      onOk={() => void save()}
      okText={t('made.save')}
      cancelText={t('dialog.cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: !tree.data?.length, 'data-testid': 'share-edit-save' }}
      destroyOnHidden
    >
      <ShareTree tree={tree} recipient={share.id} mode="edit" ticks={ticks} onChange={setTicks} />
    </Modal>
  );
}

/** /moldsetting/share/sharecontent: the shares the user made, searched and paged; edit and revoke. */
export function SharesMadePage({ title }: ScreenProps) {
  const { t } = useSharingTranslation();
  const actions = useMenuActions(MenuId.share);
  const canShare = useMenuActions(MenuId.shareUser).can('ShareUser');
  const timeZone = useSession((state) => state.timeZone);
  const list = usePagedList<ShareMade, object>(SHARES_MADE_KEY, listSharesMade, {});
  const [editing, setEditing] = useState<ShareMade | null>(null);
  const when = (value: string) => formatDateTime(Date.parse(value) / 1000, timeZone, currentLanguage());

  const askRevoke = (share: ShareMade) =>
    confirm({
      title: t('made.revokeTitle', { email: share.email }),
      content: t('made.revokeContent', { count: share.molds.length }),
      okButtonProps: { danger: true, 'data-testid': 'share-revoke-confirm' },
      onOk: async () => {
        toast.success(await revokeShare(share.id));
        await list.query.refetch();
      },
    });

  const columns: ColumnsType<ShareMade> = [
    {
      title: t('made.recipient'),
      key: 'recipient',
      render: (_, share) => (
        <div>
          <div>{share.email}</div>
          <div className="mw-share-muted">{share.name ? `${share.name} · ${share.username}` : share.username}</div>
        </div>
      ),
    },
    { title: t('made.role'), key: 'role', render: (_, share) => share.role?.name ?? '—' },
    { title: t('made.moulds'), key: 'molds', render: (_, share) => <MouldTags molds={share.molds} /> },
    { title: t('made.created'), key: 'created', render: (_, share) => when(share.created_at) },
    { title: t('made.updated'), key: 'updated', render: (_, share) => when(share.updated_at) },
  ];
  if (canShare || actions.can('delete'))
    columns.push({
      title: t('made.actions'),
      key: 'actions',
      render: (_, share) => (
        <Space direction="vertical" size={0} align="start">
          {canShare && (
            <Button
              type="link"
              icon={<EditOutlined />}
              onClick={() => setEditing(share)}
              data-testid={`share-edit-${share.id}`}
            >
              {t('made.edit')}
            </Button>
          )}
          {actions.can('delete') && (
            <Button
              type="link"
              danger
              icon={<DeleteOutlined />}
              onClick={askRevoke.bind(null, share)}
              data-testid={`share-revoke-${share.id}`}
            >
              {t('made.revoke')}
            </Button>
          )}
        </Space>
      ),
    });

  return (
    <>
      <ShareSwitch current="made" />
      <ListScreen<ShareMade>
        title={title}
        list={list}
        columns={columns}
        rowKey="id"
        testId="shares-made"
        searchPlaceholder={t('made.searchPlaceholder')}
        emptyText={t('made.empty')}
      />
      {editing && (
        <EditMouldsModal
          share={editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) void list.query.refetch();
          }}
        />
      )}
    </>
  );
}
