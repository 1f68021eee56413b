import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, DatePicker, Drawer, Form, Input, InputNumber, Radio, Select, Skeleton, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import type { MaintenanceTaskForm, MaintenanceTaskRecord } from '@mouldwatch/shared';
import { CompanyGroupPicker, type CompanyGroupValue } from '../../mold-organisation';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import { serverText } from '../../../i18n';
import { toast } from '../../../lib/feedback';
import { useMoldOptions, useSaveTask, useTask } from '../api/tasks';

interface TaskFields {
  task_name: string;
  task_type: 'pm' | 'regular';
  scope: 'mold' | 'org';
  mold?: number;
  org?: CompanyGroupValue;
  maint_interval?: number | null;
  interval_days?: number | null;
  repeat?: number | null;
  schedule_type: 0 | 1 | 2;
  start_repeat?: Dayjs | null;
  warning_type: 'percent' | 'count';
  warning_value: number;
  content: Array<{ content: string }>;
}

function fieldsOf(task: MaintenanceTaskRecord | undefined): TaskFields {
  if (!task) {
    return {
      task_name: '',
      task_type: 'pm',
      scope: 'mold',
      schedule_type: 1,
      warning_type: 'percent',
      warning_value: 10,
      content: [{ content: '' }],
    };
  }
  return {
    task_name: task.task_name,
    task_type: task.task_type,
    scope: task.mold === null ? 'org' : 'mold',
    mold: task.mold ?? undefined,
    org: { companyId: task.company || undefined, groupId: task.group || undefined },
    maint_interval: task.maint_interval,
    interval_days: task.interval_days,
    repeat: task.repeat,
    schedule_type: task.schedule_type,
    start_repeat: task.start_repeat ? dayjs(task.start_repeat) : null,
    warning_type: task.warning_type,
    warning_value: task.warning_value,
    content: task.content,
  };
}

function formOf(fields: TaskFields): MaintenanceTaskForm {
  const pm = fields.task_type === 'pm';
  return {
    task_name: fields.task_name,
    task_type: fields.task_type,
    mold: fields.scope === 'mold' ? (fields.mold ?? null) : null,
    company: fields.scope === 'org' ? (fields.org?.companyId ?? 0) : 0,
    group: fields.scope === 'org' ? (fields.org?.groupId ?? 0) : 0,
    maint_interval: pm ? (fields.maint_interval ?? null) : null,
    interval_days: pm ? (fields.interval_days ?? null) : null,
    repeat: pm ? null : (fields.repeat ?? null),
    schedule_type: fields.schedule_type,
    start_repeat: pm || !fields.start_repeat ? null : fields.start_repeat.format('YYYY-MM-DD'),
    warning_type: fields.warning_type,
    warning_value: fields.warning_value,
    content: fields.content.filter((item) => item.content.trim() !== ''),
  };
}

/** Add (no id) or edit a task: name, type, scope, interval or calendar, warning window and checklist. */
export function TaskDrawer({ taskId, onClose }: { taskId?: number; onClose(): void }) {
  const { t } = useFeatureTranslation('maintenance');
  const [form] = Form.useForm<TaskFields>();
  const task = useTask(taskId);
  const save = useSaveTask();
  const [search, setSearch] = useState('');
  const molds = useMoldOptions(search);
  const taskType = Form.useWatch('task_type', form);
  const scope = Form.useWatch('scope', form);
  const loading = taskId !== undefined && !task.data;

  const submit = async () => {
    const fields = await form.validateFields();
    await save.mutateAsync({ id: taskId, form: formOf(fields) });
    toast.success(serverText(taskId === undefined ? 'added' : 'modified'));
    onClose();
  };

  return (
    <Drawer
      open
      title={taskId === undefined ? t('addTitle') : t('editTitle')}
      onClose={onClose}
      size={480}
      className="mw-maint-drawer"
      destroyOnHidden
      data-testid="maint-task-drawer"
      extra={
        <Space>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button
            type="primary"
            loading={save.isPending}
            disabled={loading}
            onClick={() => void submit().catch(() => undefined)}
            data-testid="maint-task-save"
          >
            {t('save')}
          </Button>
        </Space>
      }
    >
      {loading ? (
        <Skeleton active />
      ) : (
        <Form<TaskFields> form={form} layout="vertical" initialValues={fieldsOf(task.data)}>
          <Form.Item name="task_name" label={t('taskName')} rules={[{ required: true, whitespace: true, max: 64 }]}>
            <Input maxLength={64} data-testid="maint-task-name" />
          </Form.Item>
          <Form.Item name="task_type" label={t('taskType')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'pm', label: t('type_pm') },
                { value: 'regular', label: t('type_regular') },
              ]}
            />
          </Form.Item>
          <Form.Item name="scope" label={t('appliesTo')}>
            <Radio.Group
              options={[
                { value: 'mold', label: t('scope_mold') },
                { value: 'org', label: t('scope_org') },
              ]}
            />
          </Form.Item>
          {scope === 'org' ? (
            <Form.Item
              name="org"
              label={t('appliesTo')}
              rules={[{ required: true, validator: (_, value) => orgRequired(value, t('scope_org')) }]}
            >
              <CompanyGroupPicker allowClear testId="maint-task-org" />
            </Form.Item>
          ) : (
            <Form.Item name="mold" label={t('mold')} rules={[{ required: true }]}>
              <Select<number>
                showSearch={{ filterOption: false, onSearch: setSearch }}
                placeholder={t('moldSearch')}
                loading={molds.isFetching}
                options={(molds.data ?? []).map((mold) => ({
                  value: mold.id,
                  label: `${mold.mold_number} · ${mold.name}`,
                }))}
                data-testid="maint-task-mold"
              />
            </Form.Item>
          )}
          {taskType === 'regular' ? (
            <>
              <Space wrap>
                <Form.Item name="repeat" label={t('repeat')} rules={[{ required: true }]}>
                  <InputNumber min={1} max={1000} precision={0} data-testid="maint-task-repeat" />
                </Form.Item>
                <Form.Item name="schedule_type" label={t('scheduleType')}>
                  <Select
                    className="mw-maint-unit"
                    options={([0, 1, 2] as const).map((value) => ({ value, label: t(`schedule_${value}`) }))}
                  />
                </Form.Item>
              </Space>
              <Form.Item name="start_repeat" label={t('startRepeat')} rules={[{ required: true }]}>
                <DatePicker data-testid="maint-task-start" />
              </Form.Item>
            </>
          ) : (
            <Space wrap>
              <Form.Item name="maint_interval" label={t('maintInterval')} rules={[{ required: true }]}>
                <InputNumber min={1} max={100_000_000} precision={0} data-testid="maint-task-interval" />
              </Form.Item>
              <Form.Item name="interval_days" label={t('intervalDays')} extra={t('intervalDaysHint')}>
                <InputNumber min={1} max={3660} precision={0} />
              </Form.Item>
            </Space>
          )}
          <Space wrap>
            <Form.Item name="warning_value" label={t('warning')} rules={[{ required: true }]}>
              <InputNumber min={0} max={100_000_000} precision={0} data-testid="maint-task-warning" />
            </Form.Item>
            <Form.Item name="warning_type" label=" ">
              <Select
                className="mw-maint-unit"
                options={[
                  { value: 'percent', label: t('warning_percent') },
                  { value: 'count', label: t('warning_count') },
                ]}
              />
            </Form.Item>
          </Space>
          <Form.List name="content">
            {(items, { add, remove }) => (
              <Form.Item label={t('content')}>
                {items.map((item, index) => (
                  <div key={item.key} className="mw-maint-item">
                    <Form.Item name={[item.name, 'content']} noStyle rules={[{ max: 200 }]}>
                      <Input
                        maxLength={200}
                        placeholder={t('contentItem', { n: index + 1 })}
                        data-testid={`maint-task-item-${index}`}
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<MinusCircleOutlined />}
                      onClick={() => remove(item.name)}
                      aria-label={t('delete')}
                    />
                  </div>
                ))}
                {items.length < 50 && (
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ content: '' })} block>
                    {t('addItem')}
                  </Button>
                )}
              </Form.Item>
            )}
          </Form.List>
        </Form>
      )}
    </Drawer>
  );
}

const orgRequired = (value: CompanyGroupValue | undefined, message: string) =>
  value?.companyId !== undefined || value?.groupId !== undefined
    ? Promise.resolve()
    : Promise.reject(new Error(message));
