import { Checkbox, Form, Input, Modal } from 'antd';
import type { MaintenanceScheduleItem } from '@mouldwatch/shared';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import { serverText } from '../../../i18n';
import { confirm, toast } from '../../../lib/feedback';
import { useRecordMaintenance } from '../api/tasks';

interface RecordFields {
  checked: number[];
  remarks: string;
}

/** "Record maintenance": the checklist items done and remarks, submitted after the spec's confirmation. */
export function RecordDialog({ item, onClose }: { item: MaintenanceScheduleItem; onClose(): void }) {
  const { t } = useFeatureTranslation('maintenance');
  const [form] = Form.useForm<RecordFields>();
  const record = useRecordMaintenance();

  const submit = async () => {
    const fields = await form.validateFields();
    confirm({
      title: t('submitTitle'),
      content: t('submitContent', { name: item.task_name, mold: item.mold_number }),
      okText: t('submit'),
      cancelText: t('cancel'),
      okButtonProps: { 'data-testid': 'maint-record-confirm' },
      onOk: () =>
        record
          .mutateAsync({
            task_id: item.task_id,
            mold_id: item.mold_id,
            checked: fields.checked,
            remarks: fields.remarks,
          })
          .then(
            () => {
              toast.success(serverText('added'));
              onClose();
            },
            () => undefined,
          ),
    });
  };

  return (
    <Modal
      open
      title={`${t('recordTitle')} · ${item.task_name} · ${item.mold_number}`}
      okText={t('submit')}
      cancelText={t('cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={record.isPending}
      okButtonProps={{ 'data-testid': 'maint-record-submit' }}
      destroyOnHidden
      data-testid="maint-record-dialog"
    >
      <Form<RecordFields> form={form} layout="vertical" initialValues={{ checked: [], remarks: '' }}>
        {item.content.length > 0 && (
          <Form.Item name="checked" label={t('checked')}>
            <Checkbox.Group
              className="mw-maint-checklist"
              options={item.content.map((entry, index) => ({ value: index, label: entry.content }))}
            />
          </Form.Item>
        )}
        <Form.Item name="remarks" label={t('remarks')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={3} maxLength={500} data-testid="maint-record-remarks" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
