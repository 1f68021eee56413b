import { Button, Segmented, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { MenuId, RENEWAL_STATUSES, type RenewalRecord, type RenewalStatus } from '@mouldwatch/shared';
import { ListScreen, useMenuActions, usePagedList } from '../../../components/admin';
import type { ScreenProps } from '../../../lib/screen';
import { confirm, toast } from '../../../lib/feedback';
import { cancelRenewal } from '../api/cancelRenewal';
import { RENEWAL_LIST_KEY, listRenewals, type RenewalFilters } from '../api/renewals';
import { useRenewalTranslation } from '../catalog';
import { RemittanceDialog } from './RemittanceDialog';
import { RenewalDetail } from './RenewalDetail';
import { StatusTag, country, money, refreshRenewal, useFormatTime } from './parts';
import '../renewal.css';

type Translate = ReturnType<typeof useRenewalTranslation>['t'];

/** What the user may do with an unpaid order (menu 39) and the confirmed cancellation. */
function useActions(t: Translate) {
  const unpaid = useMenuActions(MenuId.renewalUnpaid);
  return {
    mayRemit: (order: RenewalRecord) => unpaid.can('edit') && order.status === 'unpaid',
    mayCancel: (order: RenewalRecord) => unpaid.can('delete') && order.status === 'unpaid',
    cancel: (order: RenewalRecord) =>
      confirm({
        title: t('confirmCancel.title', { orderNo: order.order_number }),
        content: t('confirmCancel.content'),
        okText: t('confirmCancel.ok'),
        cancelText: t('confirmCancel.back'),
        okButtonProps: { danger: true, 'data-testid': 'renewal-cancel-confirm' },
        onOk: async () => {
          try {
            toast.success(await cancelRenewal(order.id));
          } finally {
            await refreshRenewal();
          }
        },
      }),
  };
}

function columns(
  t: Translate,
  format: (seconds: number | null) => string,
  actions: ReturnType<typeof useActions>,
  open: (order: RenewalRecord) => void,
  remit: (order: RenewalRecord) => void,
): ColumnsType<RenewalRecord> {
  return [
    {
      key: 'order',
      title: t('list.columns.orderNumber'),
      fixed: 'left',
      render: (_, order) => (
        <Button type="link" className="mw-rn-link" onClick={() => open(order)} data-testid={`renewal-open-${order.id}`}>
          {order.order_number}
        </Button>
      ),
    },
    { key: 'status', title: t('list.columns.status'), render: (_, order) => <StatusTag record={order} /> },
    {
      key: 'amount',
      title: t('list.columns.amount'),
      align: 'right',
      render: (_, order) => <span className="mw-rn-amount">{money(order.remittance_amount, order.currency)}</span>,
    },
    { key: 'molds', title: t('list.columns.molds'), dataIndex: 'record_number', align: 'right' },
    { key: 'year', title: t('list.columns.year'), dataIndex: 'year', align: 'right' },
    { key: 'country', title: t('list.columns.country'), render: (_, order) => country(order.country) },
    { key: 'created', title: t('list.columns.created'), render: (_, order) => format(order.created_at) },
    {
      key: 'serial',
      title: t('list.columns.serial'),
      render: (_, order) => order.transaction_serial_number || '—',
    },
    {
      key: 'period',
      title: t('list.columns.period'),
      render: (_, order) =>
        order.expiration_date === null ? '—' : `${format(order.renewal_start_date)} – ${format(order.expiration_date)}`,
    },
    {
      key: 'actions',
      title: t('list.columns.actions'),
      render: (_, order) => (
        <Space size={0} wrap>
          <Button type="link" onClick={() => open(order)}>
            {t('list.details')}
          </Button>
          {actions.mayRemit(order) ? (
            <Button type="link" onClick={() => remit(order)} data-testid={`renewal-remit-${order.id}`}>
              {order.remitted ? t('list.editRemit') : t('list.remit')}
            </Button>
          ) : null}
          {actions.mayCancel(order) ? (
            <Button type="link" danger onClick={() => actions.cancel(order)} data-testid={`renewal-cancel-${order.id}`}>
              {t('list.cancel')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];
}

/** The orders list: all of them with a status filter (/renewal/all), or the unpaid ones (/renewal/unpaid). */
function RenewalList({ title, fixedStatus }: ScreenProps & { fixedStatus?: RenewalStatus }) {
  const { t } = useRenewalTranslation();
  const format = useFormatTime();
  const [filters, setFilters] = useState<RenewalFilters>({ status: fixedStatus ?? null });
  const [detail, setDetail] = useState<number | null>(null);
  const [remitTarget, setRemitTarget] = useState<RenewalRecord | null>(null);
  const list = usePagedList<RenewalRecord, RenewalFilters>(RENEWAL_LIST_KEY, listRenewals, filters);
  const actions = useActions(t);
  const filtered = list.request.search !== '' || (filters.status !== null && !fixedStatus);
  return (
    <>
      <ListScreen<RenewalRecord>
        title={title}
        list={list}
        columns={columns(t, format, actions, (order) => setDetail(order.id), setRemitTarget)}
        rowKey="id"
        testId="renewals"
        searchPlaceholder={t('list.searchPlaceholder')}
        filters={
          fixedStatus ? undefined : (
            <Segmented<string>
              className="mw-rn-status"
              aria-label={t('list.status')}
              value={filters.status ?? 'all'}
              options={['all', ...RENEWAL_STATUSES].map((status) => ({
                value: status,
                label: <span data-testid={`renewal-status-${status}`}>{t(`status.${status as 'all'}`)}</span>,
              }))}
              onChange={(value) => setFilters({ status: value === 'all' ? null : (value as RenewalStatus) })}
            />
          )
        }
        emptyText={filtered ? t('list.emptyFiltered') : t('list.empty')}
      />
      <RenewalDetail
        id={detail}
        onClose={() => setDetail(null)}
        onRemit={
          remitTarget === null
            ? (order) => {
                if (actions.mayRemit(order)) setRemitTarget(order);
              }
            : undefined
        }
      />
      <RemittanceDialog order={remitTarget} onClose={() => setRemitTarget(null)} />
    </>
  );
}

export function RenewalAllPage(props: ScreenProps) {
  return <RenewalList {...props} />;
}

export function RenewalUnpaidPage(props: ScreenProps) {
  return <RenewalList {...props} fixedStatus="unpaid" />;
}
