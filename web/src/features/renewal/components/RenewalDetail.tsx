import { Alert, Button, Descriptions, Drawer, Empty, Spin, Table } from 'antd';
import type { RenewalMoldLine, RenewalRecord } from '@mouldwatch/shared';
import { useRenewalRecord } from '../api/renewalRecord';
import { useRenewalTranslation } from '../catalog';
import { StatusTag, bankItems, country, money, useFormatTime } from './parts';

/** One order: the bank to remit to, the remittance, the period bought and its moulds. */
export function RenewalDetail({
  id,
  onClose,
  onRemit,
}: {
  id: number | null;
  onClose(): void;
  onRemit?: (record: RenewalRecord) => void;
}) {
  const { t } = useRenewalTranslation();
  const format = useFormatTime();
  const record = useRenewalRecord(id);
  const order = record.data;
  return (
    <Drawer
      open={id !== null}
      title={order ? t('detail.title', { orderNo: order.order_number }) : ''}
      size="min(720px, 100vw)"
      onClose={onClose}
      destroyOnHidden
      extra={
        order && order.status === 'unpaid' && onRemit ? (
          <Button type="primary" onClick={() => onRemit(order)} data-testid="detail-remit">
            {order.remitted ? t('list.editRemit') : t('list.remit')}
          </Button>
        ) : null
      }
    >
      {record.isPending ? (
        <Spin />
      ) : !order ? (
        <Empty description={t('detail.loadFailed')} />
      ) : (
        <div data-testid="renewal-detail">
          {order.status === 'unpaid' ? (
            <Alert
              className="mw-rn-bank"
              type={order.remitted ? 'info' : 'warning'}
              showIcon
              title={order.remitted ? t('detail.waiting') : t('detail.fillPrompt')}
            />
          ) : null}
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
            <Descriptions.Item label={t('list.columns.status')}>
              <StatusTag record={order} />
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.amount')}>
              <strong>{money(order.remittance_amount, order.currency)}</strong>
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.year')}>{order.year}</Descriptions.Item>
            <Descriptions.Item label={t('detail.recordNumber')}>{order.record_number}</Descriptions.Item>
            {bankItems(order, t)}
            <Descriptions.Item label={t('detail.remitter')}>{order.remitter || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('detail.remitterAccount')}>
              <span className="mw-rn-mono">{order.remitter_account_number || '—'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.remitterCountry')}>
              {order.remitter_country ? country(order.remitter_country) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.serial')}>{order.transaction_serial_number || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('detail.renewalType')}>
              {order.renewal_type ? t(`remittance.types.${order.renewal_type}`) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.remark')}>{order.remark || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('detail.created')}>{format(order.created_at)}</Descriptions.Item>
            <Descriptions.Item label={t('detail.remittedAt')}>{format(order.remitted_at)}</Descriptions.Item>
            {order.confirmed_at !== null ? (
              <Descriptions.Item label={t('detail.confirmedAt')}>{format(order.confirmed_at)}</Descriptions.Item>
            ) : null}
            {order.cancelled_at !== null ? (
              <Descriptions.Item label={t('detail.cancelledAt')}>{format(order.cancelled_at)}</Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t('detail.start')}>{format(order.renewal_start_date)}</Descriptions.Item>
            <Descriptions.Item label={t('detail.expiration')}>{format(order.expiration_date)}</Descriptions.Item>
          </Descriptions>
          <h3 className="mw-rn-subtitle">{t('detail.molds')}</h3>
          <Table<RenewalMoldLine>
            size="small"
            rowKey="mold_id"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={order.molds ?? []}
            data-testid="renewal-detail-molds"
            columns={[
              {
                key: 'mould',
                title: t('overview.columns.mould'),
                render: (_, line) => (
                  <div className="mw-rn-mould">
                    <span>{line.mold_number || '—'}</span>
                    <span className="mw-rn-muted">{line.name}</span>
                  </div>
                ),
              },
              {
                key: 'previous',
                title: t('detail.previousExpiry'),
                render: (_, line) => format(line.previous_expires_at),
              },
              {
                key: 'new',
                title: t('detail.newExpiry'),
                render: (_, line) => <span data-testid="line-new-expiry">{format(line.expires_at)}</span>,
              },
            ]}
          />
        </div>
      )}
    </Drawer>
  );
}
