import { Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { MenuId, type MoldGroupRecord } from '@mouldwatch/shared';
import { ListScreen, useMenuActions, usePagedList } from '../../../components/admin';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import { serverText } from '../../../i18n';
import { confirm, toast } from '../../../lib/feedback';
import { useDeleteMoldGroup } from '../api/deleteMoldGroup';
import { GROUP_LIST_KEY, listMoldGroups } from '../api/listMoldGroups';
import '../catalog';
import { CompanySelect } from './CompanySelect';
import { MoldGroupDialog } from './MoldGroupDialog';
import { useCreatedColumn, useRowActionsColumn } from './columns';
import './organisation.css';

type Editing = { group?: MoldGroupRecord } | undefined;

/** /moldsetting/moldgroup: mould groups, filtered by company, with their mould counts. */
export function MoldGroupPage({ title }: { title: string }) {
  const { t } = useFeatureTranslation('moldOrganisation');
  const actions = useMenuActions(MenuId.moldGroup);
  const [companyId, setCompanyId] = useState<number>();
  const list = usePagedList(GROUP_LIST_KEY, listMoldGroups, { companyId });
  const [editing, setEditing] = useState<Editing>();
  const remove = useDeleteMoldGroup();

  const askDelete = (group: MoldGroupRecord) =>
    confirm({
      title: t('group.deleteConfirm', { name: group.name }),
      content: group.mold_count > 0 ? t('group.deleteDataLost', { count: group.mold_count }) : undefined,
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' },
      onOk: async () => {
        const removal = await remove.mutateAsync(group.id);
        toast.success(
          removal.deleted_molds > 0
            ? t('group.deletedWithMolds', { count: removal.deleted_molds })
            : serverText('deleted'),
        );
      },
    });

  const columns: TableColumnsType<MoldGroupRecord> = [
    { title: t('group.name'), dataIndex: 'name' },
    { title: t('group.company'), key: 'company', render: (_, group) => group.company.name },
    {
      title: t('group.molds'),
      dataIndex: 'mold_count',
      align: 'right',
      render: (count: number) =>
        count > 0 ? (
          count
        ) : (
          <Tooltip title={t('group.noMolds')}>
            <span className="mw-org-empty-count">0</span>
          </Tooltip>
        ),
    },
    useCreatedColumn<MoldGroupRecord>(t('group.createdAt')),
    ...useRowActionsColumn<MoldGroupRecord>(
      {
        edit: actions.can('edit') ? (group) => setEditing({ group }) : undefined,
        delete: actions.can('delete') ? askDelete : undefined,
      },
      'group',
    ),
  ];

  return (
    <>
      <ListScreen<MoldGroupRecord>
        title={title}
        list={list}
        columns={columns}
        rowKey="id"
        searchPlaceholder={t('group.searchPlaceholder')}
        filters={
          <CompanySelect
            className="mw-org-filter"
            value={companyId}
            onChange={setCompanyId}
            placeholder={t('group.allCompanies')}
            allowClear
            testId="group-company-filter"
          />
        }
        onAdd={actions.can('add') ? () => setEditing({}) : undefined}
        addLabel={t('group.add')}
        emptyText={t(companyId === undefined ? 'group.empty' : 'group.emptyForCompany')}
        testId="group-list"
      />
      {editing && <MoldGroupDialog group={editing.group} companyId={companyId} onClose={() => setEditing(undefined)} />}
    </>
  );
}
