import { ShareAltOutlined } from '@ant-design/icons';
import { Button, Select } from 'antd';
import { MenuId } from '@mouldwatch/shared';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen, useMenuActions, usePagedList } from '../../../components/admin';
import type { ScreenProps } from '../../../lib/screen';
import { currentLanguage } from '../../../i18n';
import { confirm, toast } from '../../../lib/feedback';
import { useSession } from '../../../lib/session';
import { formatDateTime } from '../../../lib/time';
import { deleteMold } from '../api/deleteMold';
import { MOLD_LIST_KEY, listMolds, type MoldListFilters, type MoldListItem } from '../api/listMolds';
import { useCompanies, useGroups } from '../api/pickers';
import { useMoldsTranslation } from '../catalog';
import { MoldFormDrawer, type FormTarget } from './MoldFormDrawer';
import { moldColumns } from './moldColumns';
import '../molds.css';

/** The share dialog (feature sharing), loaded on the first click of Share. */
const ShareDialog = lazy(() => import('../../sharing').then((module) => ({ default: module.ShareDialog })));

function Filters({ filters, onChange }: { filters: MoldListFilters; onChange(filters: MoldListFilters): void }) {
  const { t } = useMoldsTranslation();
  const companies = useCompanies();
  const groups = useGroups(filters.companyId);
  return (
    <>
      <Select
        className="mw-molds-filter"
        allowClear
        placeholder={t('list.allCompanies')}
        aria-label={t('list.company')}
        value={filters.companyId}
        options={companies.data?.map((company) => ({ value: company.id, label: company.name }))}
        showSearch={{ optionFilterProp: 'label' }}
        onChange={(companyId?: number) => onChange({ companyId: companyId ?? null, groupId: null })}
        data-testid="molds-filter-company"
      />
      <Select
        className="mw-molds-filter"
        allowClear
        placeholder={t('list.allGroups')}
        aria-label={t('list.group')}
        value={filters.groupId}
        disabled={filters.companyId === null}
        options={groups.data?.map((group) => ({ value: group.id, label: group.name }))}
        showSearch={{ optionFilterProp: 'label' }}
        onChange={(groupId?: number) => onChange({ ...filters, groupId: groupId ?? null })}
        data-testid="molds-filter-group"
      />
    </>
  );
}

/** /moldsetting/mold: the caller's moulds, searched and filtered, with the form to add and edit them. */
export function MoldListPage({ title }: ScreenProps) {
  const { t } = useMoldsTranslation();
  const { t: tAll } = useTranslation();
  const actions = useMenuActions(MenuId.mold);
  const timeZone = useSession((state) => state.timeZone);
  const [filters, setFilters] = useState<MoldListFilters>({ companyId: null, groupId: null });
  const [formTarget, setFormTarget] = useState<FormTarget>(null);
  const canShare = useMenuActions(MenuId.shareUser).can('ShareUser');
  const [sharing, setSharing] = useState(false);
  const [shareOpened, setShareOpened] = useState(false);
  const list = usePagedList<MoldListItem, MoldListFilters>(MOLD_LIST_KEY, listMolds, filters);

  const askDelete = (mould: MoldListItem) =>
    confirm({
      title: t('list.deleteTitle', { name: mould.name }),
      content: t('list.deleteContent'),
      okButtonProps: { danger: true, 'data-testid': 'mould-delete-confirm' },
      onOk: async () => {
        toast.success(await deleteMold(mould.id));
        await list.query.refetch();
      },
    });

  const columns = moldColumns(t, {
    canEdit: actions.can('edit'),
    canDelete: actions.can('delete'),
    onEdit: (mould) => setFormTarget({ id: mould.id, name: mould.name }),
    onDelete: askDelete,
    sharedText: tAll('moldSharedReadOnly', { ns: 'server' }),
    formatExpiry: (value) => formatDateTime(Date.parse(value) / 1000, timeZone, currentLanguage()),
  });

  const filtered = filters.companyId !== null || list.request.search !== '';
  return (
    <>
      <ListScreen<MoldListItem>
        title={title}
        list={list}
        columns={columns}
        rowKey="id"
        keyColumn="name"
        testId="molds"
        searchPlaceholder={t('list.searchPlaceholder')}
        filters={
          <>
            <Filters filters={filters} onChange={setFilters} />
            <Button
              icon={<ShareAltOutlined />}
              onClick={() => {
                // The spec: sharing needs ShareUser on item 33, else a no-permission toast.
                if (!canShare) {
                  toast.error(tAll('noPermission', { ns: 'server' }));
                  return;
                }
                setShareOpened(true);
                setSharing(true);
              }}
              data-testid="molds-share"
            >
              {t('list.share')}
            </Button>
          </>
        }
        onAdd={actions.can('add') ? () => setFormTarget('new') : undefined}
        addLabel={t('list.add')}
        emptyText={filtered ? t('list.emptyFiltered') : t('list.empty')}
      />
      {shareOpened && (
        <Suspense fallback={null}>
          <ShareDialog open={sharing} onClose={() => setSharing(false)} />
        </Suspense>
      )}
      <MoldFormDrawer
        target={formTarget}
        onClose={() => {
          setFormTarget(null);
          void list.query.refetch();
        }}
      />
    </>
  );
}
