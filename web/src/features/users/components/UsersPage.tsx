import { Button, Modal, Space, Tag, type TableColumnsType } from 'antd';
import { useRef, useState } from 'react';
import { MenuId, type UserRecord } from '@mouldwatch/shared';
import type { ScreenProps } from '../../../lib/screen';
import { ListScreen, useMenuActions, usePagedList } from '../../../components/admin';
import { currentLanguage, serverText } from '../../../i18n';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import { confirm, toast } from '../../../lib/feedback';
import { useSession } from '../../../lib/session';
import { browserTimeZone } from '../../../lib/timeZone';
import { formatDateTime } from '../../../lib/time';
import { useDeleteUser } from '../api/deleteUser';
import { USERS_KEY, getUsers } from '../api/getUsers';
import { useSaveUser } from '../api/saveUser';
import '../catalog';
import { MouldTreeParts } from '../../../components/mould-tree';
import { StylesAhead } from '../../../components/StylesAhead';
import { MouldTreeDialog, type MouldTreeDialogHandle } from './MouldTreeModal';
import { UserFormModal } from './UserFormModal';
import '../users.css';

const NO_FILTERS = {};

function useDateTime() {
  const timeZone = useSession((state) => state.timeZone) || browserTimeZone();
  return (iso: string | null) =>
    iso === null ? null : formatDateTime(Date.parse(iso) / 1000, timeZone, currentLanguage());
}

/** /organization/user: the organisation's users, their roles and moulds (spec §6, §7). */
export function UsersPage({ title }: ScreenProps) {
  const { t } = useFeatureTranslation('users');
  const actions = useMenuActions(MenuId.user);
  const list = usePagedList(USERS_KEY, getUsers, NO_FILTERS);
  const [editing, setEditing] = useState<UserRecord | 'new' | null>(null);
  const treeDialog = useRef<MouldTreeDialogHandle>(null);
  const save = useSaveUser();
  const remove = useDeleteUser();
  const dateTime = useDateTime();

  const setActive = (user: UserRecord, active: boolean) =>
    confirm({
      title: t(active ? 'confirmEnable' : 'confirmDisable', { username: user.username }),
      okButtonProps: { danger: !active, 'data-testid': 'users-confirm-ok' },
      onOk: () =>
        save
          .mutateAsync({ id: user.id, payload: { is_active: active } })
          .then(() => toast.success(serverText('modified'))),
    });
  const askDelete = (user: UserRecord) =>
    confirm({
      title: t('confirmDelete', { username: user.username }),
      okButtonProps: { danger: true, 'data-testid': 'users-confirm-ok' },
      onOk: () => remove.mutateAsync(user.id).then(() => toast.success(serverText('deleted'))),
    });

  const columns: TableColumnsType<UserRecord> = [
    { title: t('columns.username'), dataIndex: 'username', key: 'username', fixed: 'left' },
    { title: t('columns.name'), dataIndex: 'name', key: 'name' },
    { title: t('columns.role'), key: 'role', render: (_, user) => user.role?.name ?? t('noRole') },
    {
      title: t('columns.status'),
      key: 'status',
      render: (_, user) => (
        <Tag color={user.is_active ? 'green' : 'default'}>{user.is_active ? t('active') : t('inactive')}</Tag>
      ),
    },
    { title: t('columns.mobile'), dataIndex: 'mobile', key: 'mobile' },
    { title: t('columns.email'), dataIndex: 'email', key: 'email' },
    { title: t('columns.lastLogin'), key: 'lastLogin', render: (_, user) => dateTime(user.last_login) ?? t('never') },
    { title: t('columns.dateJoined'), key: 'dateJoined', render: (_, user) => dateTime(user.date_joined) },
    {
      title: t('columns.actions'),
      key: 'actions',
      render: (_, user) => (
        <Space size={0} wrap={false}>
          {actions.can('edit') && (
            <Button type="link" size="small" onClick={() => setEditing(user)} data-testid="users-edit">
              {t('edit')}
            </Button>
          )}
          {actions.can('edit') && (
            <Button type="link" size="small" onClick={() => treeDialog.current?.open(user)} data-testid="users-moulds">
              {t('moulds')}
            </Button>
          )}
          {actions.can('edit') && (
            <Button
              type="link"
              size="small"
              onClick={() => setActive(user, !user.is_active)}
              data-testid="users-active"
            >
              {user.is_active ? t('disable') : t('enable')}
            </Button>
          )}
          {actions.can('delete') && (
            <Button type="link" size="small" danger onClick={() => askDelete(user)} data-testid="users-delete">
              {t('delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListScreen
        title={title}
        list={list}
        columns={columns}
        rowKey="id"
        searchPlaceholder={t('searchPlaceholder')}
        onAdd={actions.can('add') ? () => setEditing('new') : undefined}
        addLabel={t('add')}
        testId="users"
      />
      {editing !== null && <UserFormModal user={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <MouldTreeDialog ref={treeDialog} />
      {actions.can('edit') && (
        <StylesAhead>
          <Modal open={false} />
          <MouldTreeParts />
        </StylesAhead>
      )}
    </>
  );
}
