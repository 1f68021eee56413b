import { Button, Space, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { MenuId, type RoleRecord } from '@mouldwatch/shared';
import type { ScreenProps } from '../../../lib/screen';
import { ListScreen, useMenuActions, usePagedList } from '../../../components/admin';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import { serverText } from '../../../i18n';
import { confirm, toast } from '../../../lib/feedback';
import { ROLES_QUERY_KEY, fetchRoles, useDeleteRole } from '../api/roles';
import { RoleEditor } from './RoleEditor';

/** What the editor shows: nothing, a new role, or a role of the list. */
type Editing = { role?: RoleRecord } | null;

/** /organization/role: the organisation's roles with search and paging; add, edit and delete as granted. */
export function RoleScreen({ title }: ScreenProps) {
  const { t } = useFeatureTranslation('roles');
  const actions = useMenuActions(MenuId.role);
  const list = usePagedList(ROLES_QUERY_KEY, fetchRoles, {});
  const [editing, setEditing] = useState<Editing>(null);
  const remove = useDeleteRole();

  const askDelete = (role: RoleRecord) =>
    confirm({
      title: t('deleteTitle', { name: role.name }),
      content: t('deleteContent'),
      okText: t('delete'),
      okButtonProps: { danger: true, 'data-testid': 'role-delete-confirm' },
      cancelText: t('cancel'),
      // A refusal (held by users, one's own role) is the server's message, toasted by the API client;
      // the dialog closes either way.
      onOk: () =>
        remove.mutateAsync(role.id).then(
          () => toast.success(serverText('deleted')),
          () => undefined,
        ),
    });

  const columns: TableColumnsType<RoleRecord> = [
    {
      title: t('name'),
      dataIndex: 'name',
      render: (name: string, role) => (
        <Space size={8} wrap>
          <span data-testid="role-name">{name}</span>
          {role.is_viewer && <Tag color="blue">{t('viewerTag')}</Tag>}
        </Space>
      ),
    },
    { title: t('users'), dataIndex: 'user_count', align: 'right', width: 100 },
    {
      title: t('permissions'),
      key: 'permissions',
      render: (_, role) =>
        role.permissions.length === 0 ? t('noPermissions') : t('permissionCount', { count: role.permissions.length }),
    },
  ];
  if (actions.can('edit') || actions.can('delete')) {
    columns.push({
      title: t('actions'),
      key: 'actions',
      render: (_, role) => (
        <Space size={0}>
          {actions.can('edit') && (
            <Button type="link" onClick={() => setEditing({ role })} data-testid={`role-edit-${role.id}`}>
              {t('edit')}
            </Button>
          )}
          {actions.can('delete') && (
            <Button type="link" danger onClick={() => askDelete(role)} data-testid={`role-delete-${role.id}`}>
              {t('delete')}
            </Button>
          )}
        </Space>
      ),
    });
  }

  return (
    <>
      <ListScreen<RoleRecord>
        title={title}
        list={list}
        columns={columns}
        rowKey="id"
        searchPlaceholder={t('searchPlaceholder')}
        onAdd={actions.can('add') ? () => setEditing({}) : undefined}
        addLabel={t('add')}
        testId="roles"
      />
      {editing && <RoleEditor role={editing.role} onClose={() => setEditing(null)} />}
    </>
  );
}
