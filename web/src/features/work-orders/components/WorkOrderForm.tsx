import { Button, DatePicker, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  quantityTextRule,
  workOrderFormSchema,
  type WorkOrderForm as WorkOrderBody,
  type WorkOrderRecord,
} from '@mouldwatch/shared';
import { fieldIssue, isRequiredBy, isValidationKey } from '../../../lib/forms';
import { toast } from '../../../lib/feedback';
import { useSession } from '../../../lib/session';
import { browserTimeZone } from '../../../lib/timeZone';
import { useMoldChoices } from '../api/moldChoices';
import { QUANTITY_FIELDS, fromEpoch, toBody, type Values } from '../model/formValues';
import { saveWorkOrder } from '../api/saveWorkOrder';
import { useWorkOrdersTranslation } from '../catalog';
// The picker's dates follow the interface language.
import '../../../i18n/dayjs';

export function WorkOrderForm({ stored, onDone }: { stored?: WorkOrderRecord; onDone(): void }) {
  const { t } = useWorkOrdersTranslation();
  const { t: tAll } = useTranslation();
  const sessionZone = useSession((state) => state.timeZone);
  const zone = sessionZone || browserTimeZone();
  const [form] = Form.useForm<Values>();
  const [search, setSearch] = useState('');
  const [saving, setSaving] = useState(false);
  // A new order is planned for the next morning by default (a start date now would start it at once).
  const [openedAt] = useState(() => Math.floor(Date.now() / 1000));
  const defaultStart = fromEpoch(openedAt, zone).add(1, 'day').hour(8).minute(0).second(0);
  const choices = useMoldChoices(search);
  const options = (choices.data ?? []).map((mold) => ({
    value: mold.id,
    label: `${mold.mold_number || '—'} · ${mold.name}`,
  }));
  if (stored && !options.some((option) => option.value === stored.mold_id)) {
    options.unshift({ value: stored.mold_id, label: `${stored.mold_number || '—'} · ${stored.mold_name}` });
  }

  const rule = (field: keyof Values) => ({
    validator: async () => {
      const values = form.getFieldsValue(true) as Values;
      if (QUANTITY_FIELDS.has(field)) {
        const text = values[field] as string;
        if (field === 'starting_quantity' && !text) return;
        const result = quantityTextRule.safeParse(text ?? '');
        if (!result.success) {
          const key = result.error.issues[0]?.message ?? 'required';
          throw new Error(tAll(isValidationKey(key) ? key : 'required', { ns: 'validation' }));
        }
      }
      const key = fieldIssue(workOrderFormSchema, toBody(values, zone), field);
      if (key) throw new Error(tAll(key, { ns: 'validation' }));
    },
  });
  /** A field's required mark and rule: both from the shared schema. */
  const item = (field: keyof Values) => ({ required: isRequiredBy(workOrderFormSchema, field), rules: [rule(field)] });

  const submit = async (values: Values) => {
    const body = workOrderFormSchema.parse(toBody(values, zone)) as WorkOrderBody;
    setSaving(true);
    try {
      toast.success(await saveWorkOrder(stored?.id ?? null, body));
      onDone();
    } catch {
      // The API client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  const initial: Partial<Values> = stored
    ? {
        order_no: stored.order_no,
        mold_id: stored.mold_id,
        machine: stored.machine,
        workshop: stored.workshop,
        project_name: stored.project_name,
        start_date: fromEpoch(stored.start_date, zone),
        quantity: String(stored.quantity),
        starting_quantity: String(stored.starting_quantity),
        revision: stored.revision,
        remarks: stored.remarks,
      }
    : { starting_quantity: '0', revision: '', remarks: '', start_date: defaultStart };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={(values) => void submit(values)}
      className="mw-wo-form"
      data-testid="work-order-form"
    >
      <div className="mw-wo-form-grid">
        <Form.Item name="order_no" label={t('form.orderNo')} {...item('order_no')}>
          <Input maxLength={32} autoComplete="off" data-testid="wo-order-no" />
        </Form.Item>
        <Form.Item name="mold_id" label={t('form.mould')} {...item('mold_id')}>
          <Select
            showSearch={{ filterOption: false, onSearch: setSearch }}
            placeholder={t('form.mouldPlaceholder')}
            options={options}
            loading={choices.isFetching}
            data-testid="wo-mould"
          />
        </Form.Item>
        <Form.Item name="machine" label={t('form.machine')} {...item('machine')}>
          <Input maxLength={64} data-testid="wo-machine" />
        </Form.Item>
        <Form.Item name="workshop" label={t('form.workshop')} {...item('workshop')}>
          <Input maxLength={64} data-testid="wo-workshop" />
        </Form.Item>
        <Form.Item name="project_name" label={t('form.projectName')} {...item('project_name')}>
          <Input maxLength={64} data-testid="wo-project" />
        </Form.Item>
        <Form.Item name="start_date" label={t('form.startDate')} {...item('start_date')} extra={t('form.startHint')}>
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            className="mw-wo-wide"
            data-testid="wo-start"
          />
        </Form.Item>
        <Form.Item name="quantity" label={t('form.quantity')} {...item('quantity')}>
          <Input inputMode="numeric" maxLength={9} data-testid="wo-quantity" />
        </Form.Item>
        <Form.Item
          name="starting_quantity"
          label={t('form.startingQuantity')}
          {...item('starting_quantity')}
          extra={t('form.startingHint')}
        >
          <Input inputMode="numeric" maxLength={9} data-testid="wo-starting" />
        </Form.Item>
        <Form.Item name="revision" label={t('form.revision')} {...item('revision')}>
          <Input maxLength={32} data-testid="wo-revision" />
        </Form.Item>
      </div>
      <Form.Item name="remarks" label={t('form.remarks')} {...item('remarks')}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} data-testid="wo-remarks" />
      </Form.Item>
      <div className="mw-wo-form-actions">
        <Button onClick={onDone}>{t('form.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="wo-save">
          {t('form.save')}
        </Button>
      </div>
    </Form>
  );
}
