import { Descriptions, Tag } from 'antd';
import type { RenewalRecord, RenewalStatus } from '@mouldwatch/shared';
import { currentLanguage } from '../../../i18n';
import { queryClient } from '../../../lib/queryClient';
import { RENEWAL_MESSAGE_KEY } from '../../../lib/renewalFlag';
import { useSession } from '../../../lib/session';
import { formatDateTime } from '../../../lib/time';
import { RENEWAL_KEY } from '../api/renewals';
import { useRenewalTranslation } from '../catalog';
import { countryName, formatMoney } from '../model/money';

const STATUS_COLOURS: Record<RenewalStatus, string> = { unpaid: 'warning', cancelled: 'default', finished: 'success' };

export function StatusTag({ record }: { record: Pick<RenewalRecord, 'status' | 'remitted'> }) {
  const { t } = useRenewalTranslation();
  return (
    <span className="mw-rn-tags">
      <Tag color={STATUS_COLOURS[record.status]} data-testid="renewal-status" data-status={record.status}>
        {t(`status.${record.status}`)}
      </Tag>
      {record.status === 'unpaid' && record.remitted ? <Tag color="processing">{t('remittedTag')}</Tag> : null}
    </span>
  );
}

/** Epoch seconds as date and time in the user's zone and language. */
export function useFormatTime(): (seconds: number | null) => string {
  const timeZone = useSession((state) => state.timeZone);
  return (seconds) => (seconds === null ? '—' : formatDateTime(seconds, timeZone, currentLanguage()));
}

export const money = (minor: number, currency: string) => formatMoney(minor, currency, currentLanguage());
export const country = (code: string) => countryName(code, currentLanguage());

/** Days left as the overview words them: n days, today, expired n days ago, not recorded. */
export function DaysLeft({ days }: { days: number | null }) {
  const { t } = useRenewalTranslation();
  if (days === null) return <span className="mw-rn-muted">{t('overview.noExpiry')}</span>;
  if (days < 0)
    return (
      <Tag color="error" data-testid="days-left" data-days={days}>
        {t('overview.expiredAgo', { count: -days })}
      </Tag>
    );
  if (days === 0)
    return (
      <Tag color="error" data-testid="days-left" data-days={days}>
        {t('overview.expiresToday')}
      </Tag>
    );
  return (
    <Tag color={days <= 15 ? 'orange' : 'gold'} data-testid="days-left" data-days={days}>
      {t('overview.daysLeft', { count: days })}
    </Tag>
  );
}

/** After an order changes: the lists, the overview and the sidebar's red dot ask again. */
export async function refreshRenewal(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: RENEWAL_KEY }),
    queryClient.invalidateQueries({ queryKey: RENEWAL_MESSAGE_KEY }),
  ]);
}

/** The bank to remit to, as the order and the wizard's last step show it. */
export function bankItems(order: RenewalRecord, t: ReturnType<typeof useRenewalTranslation>['t']) {
  return [
    <Descriptions.Item key="bank" label={t('detail.bank')}>
      {order.bank_of_deposit} ({country(order.country)})
    </Descriptions.Item>,
    <Descriptions.Item key="name" label={t('detail.accountName')}>
      {order.account_name}
    </Descriptions.Item>,
    <Descriptions.Item key="number" label={t('detail.accountNumber')}>
      <span className="mw-rn-mono">{order.account_number}</span>
    </Descriptions.Item>,
    <Descriptions.Item key="swift" label={t('detail.swift')}>
      {order.swift || '—'}
    </Descriptions.Item>,
  ];
}
