import { DownloadOutlined } from '@ant-design/icons';
import { Button, DatePicker, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { MenuId, type MaintenanceHistoryItem, type MaintenanceTaskType } from '@mouldwatch/shared';
import type { ScreenProps } from '../../../lib/screen';
import { ListScreen, useMenuActions, usePagedList } from '../../../components/admin';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import { currentLanguage } from '../../../i18n';
import { useSession } from '../../../lib/session';
import { formatDateTime } from '../../../lib/time';
import { browserTimeZone } from '../../../lib/timeZone';
import { CompanyGroupPicker, type CompanyGroupValue } from '../../mold-organisation';
import { downloadHistory, fetchHistory } from '../api/history';
import { MAINTENANCE_QUERY_KEY } from '../api/schedule';
import { TaskTypeSelect } from './TaskTypeSelect';
import { TwoLines } from './TwoLines';
import { useLiveMaintenance } from './useLiveMaintenance';

/** Midnight of a picked day in the user's zone, as epoch seconds. */
const startOfDay = (day: Dayjs, zone: string, addDays = 0) => {
  const date = day.add(addDays, 'day').format('YYYY-MM-DD');
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${date}T12:00:00Z`))
    .find((part) => part.type === 'timeZoneName')
    ?.value.replace('GMT', '');
  return Math.floor(Date.parse(`${date}T00:00:00${offset && offset !== '' ? offset : 'Z'}`) / 1000);
};

/** /maintenance/history/preventive: every maintenance record, filtered, paged and exported. */
export function HistoryScreen({ title }: ScreenProps) {
  const { t } = useFeatureTranslation('maintenance');
  const actions = useMenuActions(MenuId.maintenanceHistoryPreventive);
  const zone = useSession((state) => state.timeZone) || browserTimeZone();
  const [org, setOrg] = useState<CompanyGroupValue>({});
  const [taskType, setTaskType] = useState<MaintenanceTaskType>();
  const [period, setPeriod] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const filters = {
    company_id: org.companyId,
    group_id: org.groupId,
    task_type: taskType,
    start: period?.[0] ? startOfDay(period[0], zone) : undefined,
    end: period?.[1] ? startOfDay(period[1], zone, 1) : undefined,
  };
  const list = usePagedList([...MAINTENANCE_QUERY_KEY, 'history'], fetchHistory, filters);
  useLiveMaintenance();
  const [exporting, setExporting] = useState(false);
  const time = (epoch: number | null) => (epoch === null ? t('never') : formatDateTime(epoch, zone, currentLanguage()));

  const exportList = () => {
    setExporting(true);
    downloadHistory({ ...filters, search: list.request.search })
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  const columns: TableColumnsType<MaintenanceHistoryItem> = [
    { title: t('taskName'), dataIndex: 'task_name' },
    {
      title: t('moldNo'),
      key: 'mold',
      render: (_, item) => <TwoLines main={item.mold_number} sub={item.mold_name} />,
    },
    {
      title: t('content'),
      key: 'content',
      render: (_, item) => (
        <ul className="mw-maint-content">
          {item.content.map((entry, index) => (
            <li key={index} className={entry.checked ? 'mw-maint-done' : 'mw-maint-skipped'}>
              {entry.checked ? '☑' : '☐'} {entry.content}
            </li>
          ))}
          {item.remarks && <li className="mw-maint-muted">{item.remarks}</li>}
        </ul>
      ),
    },
    { title: t('lastMaintenance'), key: 'last', render: (_, item) => time(item.last_maint_datetime) },
    {
      title: t('used'),
      key: 'used',
      render: (_, item) =>
        item.used === null
          ? '—'
          : t(item.used_unit === 'cycles' ? 'remainingCycles' : 'remainingDays', { n: item.used }),
    },
    {
      title: t('alarmTime'),
      key: 'alarm',
      render: (_, item) => (item.alarm_datetime === null ? '—' : time(item.alarm_datetime)),
    },
    // When and by whom: the figure a history is read for, pinned at the right (DESIGN §12).
    {
      title: t('confirmed'),
      key: 'confirmed',
      render: (_, item) => <TwoLines main={time(item.confirmed_datetime)} sub={item.confirmer} />,
    },
  ];

  return (
    <ListScreen<MaintenanceHistoryItem>
      title={title}
      list={list}
      columns={columns}
      rowKey="id"
      searchPlaceholder={t('searchPlaceholder')}
      emptyText={t('emptyHistory')}
      testId="maint-history"
      figureColumn="confirmed"
      filters={
        <>
          <CompanyGroupPicker value={org} onChange={setOrg} allowClear choices="ownMoulds" testId="maint-history-org" />
          <TaskTypeSelect value={taskType} onChange={setTaskType} />
          <DatePicker.RangePicker
            className="mw-maint-period"
            aria-label={t('period')}
            value={period}
            onChange={(value) => setPeriod(value)}
          />
          {actions.can('export') && (
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={exportList}
              data-testid="maint-history-export"
            >
              {t('export')}
            </Button>
          )}
        </>
      }
    />
  );
}
