import { Button, Descriptions, Drawer, Empty, Space, Table } from 'antd';
import type { WorkOrderRejectRecord } from '@mouldwatch/shared';
import { SkeletonRows } from '../../../components/SkeletonRows';
import { useWorkOrder } from '../api/workOrderRecord';
import { useWorkOrdersTranslation } from '../catalog';
import { ProgressCell, StatusTag, useFormatTime } from './parts';
import type { OrderActions } from './useOrderActions';

function DetailBody({ id, actions }: { id: number; actions: OrderActions }) {
  const { t } = useWorkOrdersTranslation();
  const format = useFormatTime();
  const record = useWorkOrder(id);
  if (record.isPending) return <SkeletonRows rows={8} />;
  if (record.isError) {
    return (
      <Empty description={t('detail.loadFailed')} data-testid="work-order-load-failed">
        <Button onClick={() => void record.refetch()}>{t('detail.retry')}</Button>
      </Empty>
    );
  }
  const order = record.data;
  return (
    <div className="mw-wo-detail" data-testid="work-order-detail">
      <Space wrap className="mw-wo-detail-actions">
        <StatusTag status={order.status} />
        {actions.mayStart(order) ? (
          <Button type="primary" onClick={() => actions.start(order)} data-testid="detail-start">
            {t('list.start')}
          </Button>
        ) : null}
        {actions.mayStop(order) ? (
          <Button danger onClick={() => actions.stop(order)} data-testid="detail-stop">
            {t('list.stop')}
          </Button>
        ) : null}
        {actions.mayReject(order) ? (
          <Button onClick={() => actions.reject(order)} data-testid="detail-reject">
            {t('list.reject')}
          </Button>
        ) : null}
        {actions.mayEdit(order) ? (
          <Button onClick={() => actions.edit(order)} data-testid="detail-edit">
            {t('list.edit')}
          </Button>
        ) : null}
      </Space>
      <ProgressCell order={order} />
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        bordered
        items={[
          { key: 'mould', label: t('list.columns.mould'), children: `${order.mold_number} · ${order.mold_name}` },
          { key: 'machine', label: t('form.machine'), children: order.machine },
          { key: 'workshop', label: t('form.workshop'), children: order.workshop },
          { key: 'project', label: t('form.projectName'), children: order.project_name },
          { key: 'start', label: t('form.startDate'), children: format(order.start_date) },
          { key: 'quantity', label: t('form.quantity'), children: order.quantity },
          { key: 'starting', label: t('form.startingQuantity'), children: order.starting_quantity },
          {
            key: 'reject',
            label: t('list.columns.reject'),
            children: <span data-testid="detail-reject-sum">{order.reject}</span>,
          },
          { key: 'revision', label: t('form.revision'), children: order.revision || '—' },
          { key: 'started', label: t('detail.startedAt'), children: format(order.started_at) },
          { key: 'ended', label: t('detail.endedAt'), children: format(order.ended_at) },
          { key: 'remarks', label: t('form.remarks'), children: order.remarks || '—' },
        ]}
      />
      <h3 className="mw-wo-subtitle">{t('detail.rejects')}</h3>
      <Table<WorkOrderRejectRecord>
        size="small"
        rowKey="id"
        dataSource={order.rejects}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('detail.noRejects') }}
        data-testid="work-order-rejects"
        columns={[
          { key: 'at', title: t('detail.recordedAt'), render: (_, entry) => format(entry.recorded_at) },
          { key: 'quantity', title: t('detail.quantity'), dataIndex: 'quantity' },
          { key: 'by', title: t('detail.recordedBy'), dataIndex: 'recorded_by' },
          { key: 'remark', title: t('detail.remark'), dataIndex: 'remark' },
        ]}
      />
    </div>
  );
}

/** The order's page in a drawer over the list: progress (live), fields, actions and rejects. */
export function WorkOrderDetail({
  target,
  actions,
  onClose,
}: {
  target: { id: number; orderNo: string } | null;
  actions: OrderActions;
  onClose(): void;
}) {
  const { t } = useWorkOrdersTranslation();
  return (
    <Drawer
      open={target !== null}
      title={target ? t('detail.title', { orderNo: target.orderNo }) : ''}
      size="min(720px, 100vw)"
      onClose={onClose}
      destroyOnHidden
    >
      {target ? <DetailBody id={target.id} actions={actions} /> : null}
    </Drawer>
  );
}
