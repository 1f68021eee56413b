import { Button, Select, Space, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import {
  MenuId,
  type MaintenanceScheduleItem,
  type MaintenanceStatus,
  type MaintenanceTaskType,
} from '@mouldwatch/shared';
import type { ScreenProps } from '../../../lib/screen';
import { ListScreen, useMenuActions, usePagedList } from '../../../components/admin';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import { currentLanguage, serverText } from '../../../i18n';
import { confirm, toast } from '../../../lib/feedback';
import { useSession } from '../../../lib/session';
import { formatDateTime } from '../../../lib/time';
import { browserTimeZone } from '../../../lib/timeZone';
import { CompanyGroupPicker, type CompanyGroupValue } from '../../mold-organisation';
import { MAINTENANCE_QUERY_KEY, fetchSchedule, type ScheduleRow } from '../api/schedule';
import { useDeleteTask, useStartTask } from '../api/tasks';
import { RecordDialog } from './RecordDialog';
import { STATUS_COLOURS, remainingText } from './format';
import { TaskTypeSelect } from './TaskTypeSelect';
import { TwoLines } from './TwoLines';
import { TaskDrawer } from './TaskDrawer';
import { useLiveMaintenance } from './useLiveMaintenance';

/** /maintenance/schedule/preventive: every task on every mould with its status; add, edit, delete, start, record. */
export function ScheduleScreen({ title }: ScreenProps) {
  const { t } = useFeatureTranslation('maintenance');
  const actions = useMenuActions(MenuId.maintenanceSchedulePreventive);
  const zone = useSession((state) => state.timeZone) || browserTimeZone();
  const [org, setOrg] = useState<CompanyGroupValue>({});
  const [status, setStatus] = useState<MaintenanceStatus>();
  const [taskType, setTaskType] = useState<MaintenanceTaskType>();
  const list = usePagedList([...MAINTENANCE_QUERY_KEY, 'schedule'], fetchSchedule, {
    company_id: org.companyId,
    group_id: org.groupId,
    status,
    task_type: taskType,
  });
  useLiveMaintenance();
  const [editing, setEditing] = useState<{ taskId?: number } | null>(null);
  const [recording, setRecording] = useState<MaintenanceScheduleItem | null>(null);
  const remove = useDeleteTask();
  const start = useStartTask();
  const time = (epoch: number | null) => (epoch === null ? t('never') : formatDateTime(epoch, zone, currentLanguage()));

  const askDelete = (item: MaintenanceScheduleItem) =>
    confirm({
      title: t('deleteTitle', { name: item.task_name }),
      content: t('deleteContent'),
      okText: t('delete'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true, 'data-testid': 'maint-delete-confirm' },
      onOk: () =>
        remove.mutateAsync(item.task_id).then(
          () => toast.success(serverText('deleted')),
          () => undefined,
        ),
    });
  const askStart = (item: MaintenanceScheduleItem) =>
    confirm({
      title: t('startTitle'),
      content: t('startContent', { name: item.task_name, mold: item.mold_number }),
      okText: t('start'),
      cancelText: t('cancel'),
      okButtonProps: { 'data-testid': 'maint-start-confirm' },
      onOk: () =>
        start.mutateAsync({ task_id: item.task_id, mold_id: item.mold_id }).then(
          () => toast.success(serverText('modified')),
          () => undefined,
        ),
    });

  const columns: TableColumnsType<ScheduleRow> = [
    {
      title: t('taskName'),
      key: 'task',
      render: (_, item) => (
        <Space direction="vertical" size={0}>
          <span data-testid="maint-task-name-cell">{item.task_name}</span>
          <span className="mw-maint-muted">{t(`type_${item.task_type}`)}</span>
        </Space>
      ),
    },
    {
      title: t('moldNo'),
      key: 'mold',
      render: (_, item) => <TwoLines main={item.mold_number} sub={item.mold_name} />,
    },
    {
      title: t('remaining'),
      key: 'remaining',
      render: (_, item) => (
        <Space direction="vertical" size={0}>
          <span data-testid="maint-remaining">{remainingText(item, t)}</span>
          {item.due_date && <span className="mw-maint-muted">{t('dueOn', { date: item.due_date })}</span>}
        </Space>
      ),
    },
    {
      title: t('content'),
      key: 'content',
      render: (_, item) => (
        <ul className="mw-maint-content">
          {item.content.map((entry, index) => (
            <li key={index}>{entry.content}</li>
          ))}
        </ul>
      ),
    },
    { title: t('lastMaintenance'), key: 'last', render: (_, item) => time(item.last_maint_datetime) },
    {
      title: t('status'),
      key: 'status',
      render: (_, item) => (
        <Space direction="vertical" size={0}>
          <Tag color={STATUS_COLOURS[item.status]} data-testid={`maint-status-${item.status}`}>
            {t(`status_${item.status}`)}
          </Tag>
          {item.started_datetime !== null && <span className="mw-maint-muted">{t('started')}</span>}
        </Space>
      ),
    },
  ];
  if (actions.can('edit') || actions.can('delete')) {
    columns.push({
      title: t('actions'),
      key: 'actions',
      render: (_, item) => (
        <Space size={0} wrap>
          {actions.can('edit') && (
            <>
              <Button type="link" onClick={() => setRecording(item)} data-testid={`maint-record-${item.task_id}`}>
                {t('record')}
              </Button>
              {item.status !== 'exceeded' && (
                <Button type="link" onClick={() => askStart(item)} data-testid={`maint-start-${item.task_id}`}>
                  {t('start')}
                </Button>
              )}
              <Button type="link" onClick={() => setEditing({ taskId: item.task_id })}>
                {t('edit')}
              </Button>
            </>
          )}
          {actions.can('delete') && (
            <Button type="link" danger onClick={() => askDelete(item)} data-testid={`maint-delete-${item.task_id}`}>
              {t('delete')}
            </Button>
          )}
        </Space>
      ),
    });
  }

  return (
    <>
      <ListScreen<ScheduleRow>
        title={title}
        list={list}
        columns={columns}
        rowKey="key"
        searchPlaceholder={t('searchPlaceholder')}
        emptyText={t('emptySchedule')}
        onAdd={actions.can('add') ? () => setEditing({}) : undefined}
        addLabel={t('add')}
        figureColumn="remaining"
        testId="maint-schedule"
        liveRefresh
        filters={
          <>
            <CompanyGroupPicker
              value={org}
              onChange={setOrg}
              allowClear
              choices="ownMoulds"
              testId="maint-filter-org"
            />
            <Select<MaintenanceStatus>
              className="mw-maint-filter"
              allowClear
              placeholder={t('allStatuses')}
              value={status}
              onChange={setStatus}
              options={(['normal', 'warning', 'exceeded'] as const).map((value) => ({
                value,
                label: t(`status_${value}`),
              }))}
              data-testid="maint-filter-status"
            />
            <TaskTypeSelect value={taskType} onChange={setTaskType} />
          </>
        }
      />
      {editing && <TaskDrawer taskId={editing.taskId} onClose={() => setEditing(null)} />}
      {recording && <RecordDialog item={recording} onClose={() => setRecording(null)} />}
    </>
  );
}
