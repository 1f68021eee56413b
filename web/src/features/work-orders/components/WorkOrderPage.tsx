import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Drawer, Select, Space, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import {
  WORK_ORDER_STATUSES,
  instantOfWallClock,
  type WorkOrderRecord,
  type WorkOrderStatus,
} from '@mouldwatch/shared';
import { ListScreen, usePagedList } from '../../../components/admin';
import type { ScreenProps } from '../../../lib/screen';
import { toast } from '../../../lib/feedback';
import { ApiError, isCanceled } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { browserTimeZone } from '../../../lib/timeZone';
import { exportWorkOrders } from '../api/exportWorkOrders';
import { WORK_ORDER_LIST_KEY, listWorkOrders, type WorkOrderFilters } from '../api/listWorkOrders';
import { useMoldChoices } from '../api/moldChoices';
import { useWorkOrdersTranslation } from '../catalog';
import { ProgressCell, StatusTag, useFormatTime } from './parts';
import { RejectDialog } from './RejectDialog';
import { useLiveWorkOrders } from './useLiveWorkOrders';
import { useOrderActions, type OrderActions } from './useOrderActions';
import { WorkOrderDetail } from './WorkOrderDetail';
import { WorkOrderForm } from './WorkOrderForm';
import '../work-orders.css';
// The pickers' dates follow the interface language.
import '../../../i18n/dayjs';

type FormTarget = WorkOrderRecord | 'new' | null;

function Filters({ filters, onChange }: { filters: WorkOrderFilters; onChange(filters: WorkOrderFilters): void }) {
  const { t } = useWorkOrdersTranslation();
  const [search, setSearch] = useState('');
  const moulds = useMoldChoices(search);
  const zone = useSession((state) => state.timeZone) || browserTimeZone();
  const dayStart = (value: Dayjs | null, endOfDay: boolean) =>
    value ? instantOfWallClock(zone, value.year(), value.month() + 1, value.date()) + (endOfDay ? 86_399 : 0) : null;
  return (
    <>
      <Select<WorkOrderStatus>
        className="mw-wo-filter"
        allowClear
        placeholder={t('list.allStatuses')}
        aria-label={t('list.status')}
        value={filters.status ?? undefined}
        options={WORK_ORDER_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        onChange={(status?: WorkOrderStatus) => onChange({ ...filters, status: status ?? null })}
        data-testid="wo-filter-status"
      />
      <Select<number>
        className="mw-wo-filter"
        allowClear
        placeholder={t('list.allMoulds')}
        aria-label={t('list.mould')}
        value={filters.moldId ?? undefined}
        showSearch={{ filterOption: false, onSearch: setSearch }}
        options={moulds.data?.map((mould) => ({
          value: mould.id,
          label: `${mould.mold_number || '—'} · ${mould.name}`,
        }))}
        onChange={(moldId?: number) => onChange({ ...filters, moldId: moldId ?? null })}
        data-testid="wo-filter-mould"
      />
      <DatePicker
        className="mw-wo-filter"
        placeholder={t('list.startFrom')}
        onChange={(value: Dayjs | null) => onChange({ ...filters, start: dayStart(value, false) })}
        data-testid="wo-filter-from"
      />
      <DatePicker
        className="mw-wo-filter"
        placeholder={t('list.startUntil')}
        onChange={(value: Dayjs | null) => onChange({ ...filters, end: dayStart(value, true) })}
        data-testid="wo-filter-until"
      />
    </>
  );
}

function columns(
  t: ReturnType<typeof useWorkOrdersTranslation>['t'],
  actions: OrderActions,
  format: (seconds: number | null) => string,
  searching: boolean,
  open: (order: WorkOrderRecord) => void,
): ColumnsType<WorkOrderRecord> {
  return [
    {
      key: 'order',
      title: t('list.columns.orderNo'),
      fixed: 'left',
      render: (_, order) => (
        <Button type="link" className="mw-wo-link" onClick={() => open(order)} data-testid={`wo-open-${order.id}`}>
          {order.order_no}
        </Button>
      ),
    },
    { key: 'status', title: t('list.columns.status'), render: (_, order) => <StatusTag status={order.status} /> },
    {
      key: 'progress',
      title: t('list.columns.progress'),
      width: 220,
      render: (_, order) => <ProgressCell order={order} />,
    },
    {
      key: 'mould',
      title: t('list.columns.mould'),
      render: (_, order) => (
        <div className="mw-wo-mould">
          <span>{order.mold_number || '—'}</span>
          <span className="mw-wo-muted">{order.mold_name}</span>
        </div>
      ),
    },
    { key: 'reject', title: t('list.columns.reject'), dataIndex: 'reject' },
    { key: 'machine', title: t('list.columns.machine'), dataIndex: 'machine' },
    { key: 'workshop', title: t('list.columns.workshop'), dataIndex: 'workshop' },
    { key: 'project', title: t('list.columns.project'), dataIndex: 'project_name' },
    { key: 'start', title: t('list.columns.startDate'), render: (_, order) => format(order.start_date) },
    { key: 'revision', title: t('list.columns.revision'), render: (_, order) => order.revision || '—' },
    {
      key: 'actions',
      title: t('list.columns.actions'),
      render: (_, order) => (
        <Space size={0} wrap>
          {actions.mayStart(order) ? (
            <Button type="link" onClick={() => actions.start(order)} data-testid={`wo-start-${order.id}`}>
              {t('list.start')}
            </Button>
          ) : null}
          {actions.mayStop(order) ? (
            <Button type="link" danger onClick={() => actions.stop(order)} data-testid={`wo-stop-${order.id}`}>
              {t('list.stop')}
            </Button>
          ) : null}
          {actions.mayReject(order) ? (
            <Button type="link" onClick={() => actions.reject(order)} data-testid={`wo-reject-${order.id}`}>
              {t('list.reject')}
            </Button>
          ) : null}
          {actions.mayEdit(order) ? (
            <Tooltip title={searching ? t('list.searchEditOff') : undefined}>
              <Button
                type="link"
                disabled={searching}
                onClick={() => actions.edit(order)}
                data-testid={`wo-edit-${order.id}`}
              >
                {t('list.edit')}
              </Button>
            </Tooltip>
          ) : null}
          {actions.mayDelete(order) ? (
            <Button type="link" danger onClick={() => actions.remove(order)} data-testid={`wo-delete-${order.id}`}>
              {t('list.delete')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];
}

/** /workorder: orders with live progress, searched and filtered; plan, start, stop, rejects, export. */
export function WorkOrderPage({ title }: ScreenProps) {
  const { t } = useWorkOrdersTranslation();
  const format = useFormatTime();
  const [filters, setFilters] = useState<WorkOrderFilters>({ status: null, moldId: null, start: null, end: null });
  const [formTarget, setFormTarget] = useState<FormTarget>(null);
  const [rejectTarget, setRejectTarget] = useState<WorkOrderRecord | null>(null);
  const [detail, setDetail] = useState<{ id: number; orderNo: string } | null>(null);
  const [exporting, setExporting] = useState(false);
  const list = usePagedList<WorkOrderRecord, WorkOrderFilters>(WORK_ORDER_LIST_KEY, listWorkOrders, filters);
  const actions = useOrderActions({ onEdit: setFormTarget, onReject: setRejectTarget });
  useLiveWorkOrders();
  const searching = list.request.search !== '';

  const download = async () => {
    setExporting(true);
    try {
      await exportWorkOrders({ ...filters, search: list.request.search });
    } catch (error) {
      if (!(error instanceof ApiError) && !isCanceled(error)) toast.error(t('list.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const filtered = searching || Object.values(filters).some((value) => value !== null);
  return (
    <>
      {searching ? <Alert className="mw-wo-search-note" type="info" showIcon title={t('list.searchEditOff')} /> : null}
      <ListScreen<WorkOrderRecord>
        title={title}
        list={list}
        columns={columns(t, actions, format, searching, (order) =>
          setDetail({ id: order.id, orderNo: order.order_no }),
        )}
        rowKey="id"
        figureColumn="progress"
        testId="work-orders"
        searchPlaceholder={t('list.searchPlaceholder')}
        filters={
          <>
            <Filters filters={filters} onChange={setFilters} />
            {actions.canExport ? (
              <Button
                icon={<DownloadOutlined />}
                loading={exporting}
                onClick={() => void download()}
                data-testid="wo-export"
              >
                {t('list.export')}
              </Button>
            ) : null}
          </>
        }
        onAdd={actions.canAdd ? () => setFormTarget('new') : undefined}
        addLabel={t('list.add')}
        emptyText={filtered ? t('list.emptyFiltered') : t('list.empty')}
      />
      <Drawer
        open={formTarget !== null}
        title={
          formTarget === 'new'
            ? t('form.addTitle')
            : formTarget
              ? t('form.editTitle', { orderNo: formTarget.order_no })
              : ''
        }
        size="min(720px, 100vw)"
        onClose={() => setFormTarget(null)}
        maskClosable={false}
        destroyOnHidden
      >
        {formTarget !== null ? (
          <WorkOrderForm
            stored={formTarget === 'new' ? undefined : formTarget}
            onDone={() => {
              setFormTarget(null);
              void list.query.refetch();
            }}
          />
        ) : null}
      </Drawer>
      <WorkOrderDetail target={detail} actions={actions} onClose={() => setDetail(null)} />
      <RejectDialog order={rejectTarget} onClose={() => setRejectTarget(null)} />
    </>
  );
}

export default WorkOrderPage;
