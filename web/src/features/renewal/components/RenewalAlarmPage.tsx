import { BellOutlined } from '@ant-design/icons';
import { Button, Switch, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { MenuId, type RenewalMold, type RenewalRecord } from '@mouldwatch/shared';
import { ListScreen, useMenuActions, usePagedList } from '../../../components/admin';
import type { ScreenProps } from '../../../lib/screen';
import { toast } from '../../../lib/feedback';
import { queryClient } from '../../../lib/queryClient';
import { RENEWAL_MESSAGE_KEY, fetchRenewalMessage } from '../../../lib/renewalFlag';
import { useSession } from '../../../lib/session';
import { renewalMolds } from '../api/lookups';
import { RENEWAL_KEY } from '../api/renewals';
import { useRenewalTranslation } from '../catalog';
import { RemittanceDialog } from './RemittanceDialog';
import { RenewalWizard } from './RenewalWizard';
import { DaysLeft, useFormatTime } from './parts';
import '../renewal.css';

const MOLDS_KEY = [...RENEWAL_KEY, 'molds'] as const;

/**
 * /renewal/renewalAlarm, the overview: the user's moulds whose subscription expires within a month
 * or has expired (or all of them), soonest first with the days left; picked moulds go to the
 * renewal wizard. The red dot can be dismissed here until something new comes due.
 */
export function RenewalAlarmPage({ title }: ScreenProps) {
  const { t } = useRenewalTranslation();
  const format = useFormatTime();
  const menu = useMenuActions(MenuId.renewalAlarm);
  const renewFlag = useSession((state) => state.renewFlag);
  const [all, setAll] = useState(false);
  const [selected, setSelected] = useState<Map<number, RenewalMold>>(new Map());
  const [wizard, setWizard] = useState(false);
  const [remitTarget, setRemitTarget] = useState<RenewalRecord | null>(null);
  const list = usePagedList<RenewalMold, { due: boolean }>(MOLDS_KEY, renewalMolds, { due: !all });

  const dismiss = async () => {
    try {
      const message = await fetchRenewalMessage(true);
      queryClient.setQueryData(RENEWAL_MESSAGE_KEY, message);
      toast.success(t('overview.dismissed'));
    } catch {
      // The API client has shown the server's message.
    }
  };

  const columns: ColumnsType<RenewalMold> = [
    {
      key: 'mould',
      title: t('overview.columns.mould'),
      render: (_, mold) => (
        <div className="mw-rn-mould">
          <span>{mold.mold_number || '—'}</span>
          <span className="mw-rn-muted">{mold.name}</span>
        </div>
      ),
    },
    { key: 'device', title: t('overview.columns.device'), render: (_, mold) => mold.device_no ?? '—' },
    { key: 'expires', title: t('overview.columns.expiresAt'), render: (_, mold) => format(mold.expires_at) },
    { key: 'days', title: t('overview.columns.daysLeft'), render: (_, mold) => <DaysLeft days={mold.days_left} /> },
    {
      key: 'order',
      title: t('overview.columns.order'),
      render: (_, mold) =>
        mold.unpaid_order_no ? <Tag>{t('overview.inOrder', { orderNo: mold.unpaid_order_no })}</Tag> : '—',
    },
  ];

  const picked = [...selected.values()];
  return (
    <div className="mw-rn-overview" data-testid="renewal-overview">
      <ListScreen<RenewalMold>
        title={title}
        intro={t('overview.intro')}
        list={list}
        columns={columns}
        rowKey="id"
        figureColumn="days"
        testId="renewal-molds"
        searchPlaceholder={t('overview.searchPlaceholder')}
        emptyText={all ? t('overview.emptyAll') : t('overview.empty')}
        filters={
          <>
            <label className="mw-rn-switch">
              <Switch size="small" checked={all} onChange={setAll} data-testid="renewal-show-all" />
              <span>{t('overview.showAll')}</span>
            </label>
            {renewFlag ? (
              <Button icon={<BellOutlined />} onClick={() => void dismiss()} data-testid="renewal-dismiss">
                {t('overview.dismiss')}
              </Button>
            ) : null}
            {menu.can('add') ? (
              <Button
                type="primary"
                disabled={picked.length === 0}
                onClick={() => setWizard(true)}
                data-testid="renewal-renew"
              >
                {t('overview.renewSelected', { count: picked.length })}
              </Button>
            ) : null}
          </>
        }
        rowSelection={
          menu.can('add')
            ? {
                selectedRowKeys: picked.map((mold) => mold.id),
                preserveSelectedRowKeys: true,
                getCheckboxProps: (mold) => ({ disabled: mold.unpaid_order_no !== null }),
                onChange: (_keys, rows) => {
                  const onPage = new Set((list.query.data?.items ?? []).map((mold) => mold.id));
                  const next = new Map([...selected].filter(([id]) => !onPage.has(id)));
                  for (const row of rows) if (row) next.set(row.id, row);
                  setSelected(next);
                },
              }
            : undefined
        }
      />
      <RenewalWizard
        open={wizard}
        molds={picked}
        onRemove={(id) => setSelected(new Map([...selected].filter(([key]) => key !== id)))}
        onClose={() => setWizard(false)}
        onOrdered={() => setSelected(new Map())}
        onRemit={setRemitTarget}
      />
      <RemittanceDialog order={remitTarget} onClose={() => setRemitTarget(null)} />
    </div>
  );
}
