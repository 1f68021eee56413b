import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { MenuId, type CompanyRecord } from '@mouldwatch/shared';
import { ListScreen, useMenuActions, usePagedList } from '../../../components/admin';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import { serverText } from '../../../i18n';
import { confirm, toast } from '../../../lib/feedback';
import { useDeleteCompany } from '../api/deleteCompany';
import { COMPANY_LIST_KEY, listCompanies } from '../api/listCompanies';
import '../catalog';
import { CompanyDialog } from './CompanyDialog';
import { useCreatedColumn, useRowActionsColumn } from './columns';

/** Which dialog is open: adding (no company) or editing one. */
type Editing = { company?: CompanyRecord } | undefined;

/** /moldsetting/company: the organisation's companies with their counts of groups and moulds. */
export function CompanyPage({ title }: { title: string }) {
  const { t } = useFeatureTranslation('moldOrganisation');
  const actions = useMenuActions(MenuId.company);
  const list = usePagedList(COMPANY_LIST_KEY, listCompanies, {});
  const [editing, setEditing] = useState<Editing>();
  const remove = useDeleteCompany();

  const askDelete = (company: CompanyRecord) => {
    if (company.group_count > 0) {
      toast.warning(t('company.hasGroups', { name: company.name, count: company.group_count }));
      return;
    }
    confirm({
      title: t('company.deleteConfirm', { name: company.name }),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' },
      onOk: async () => {
        await remove.mutateAsync(company.id);
        toast.success(serverText('deleted'));
      },
    });
  };

  const columns: TableColumnsType<CompanyRecord> = [
    { title: t('company.name'), dataIndex: 'name' },
    { title: t('company.groups'), dataIndex: 'group_count', align: 'right' },
    { title: t('company.molds'), dataIndex: 'mold_count', align: 'right' },
    useCreatedColumn<CompanyRecord>(t('company.createdAt')),
    ...useRowActionsColumn<CompanyRecord>(
      {
        edit: actions.can('edit') ? (company) => setEditing({ company }) : undefined,
        delete: actions.can('delete') ? askDelete : undefined,
      },
      'company',
    ),
  ];

  return (
    <>
      <ListScreen<CompanyRecord>
        title={title}
        list={list}
        columns={columns}
        rowKey="id"
        searchPlaceholder={t('company.searchPlaceholder')}
        onAdd={actions.can('add') ? () => setEditing({}) : undefined}
        addLabel={t('company.add')}
        emptyText={t('company.empty')}
        testId="company-list"
      />
      {editing && <CompanyDialog company={editing.company} onClose={() => setEditing(undefined)} />}
    </>
  );
}
