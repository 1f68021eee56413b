import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { quantityTextRule, workOrderRejectSchema, type WorkOrderRecord } from '@mouldwatch/shared';
import { FormDialog } from '../../../components/FormDialog';
import { isValidationKey } from '../../../lib/forms';
import { toast } from '../../../lib/feedback';
import { recordReject } from '../api/recordReject';
import { useWorkOrdersTranslation } from '../catalog';

interface Values {
  quantity: string;
  remark: string;
}

/** Rejected parts of an order with a remark; the order's reject sum follows. */
export function RejectDialog({ order, onClose }: { order: WorkOrderRecord | null; onClose(): void }) {
  const { t } = useWorkOrdersTranslation();
  const { t: tAll } = useTranslation();
  const message = (key: string) => tAll(isValidationKey(key) ? key : 'required', { ns: 'validation' });

  const save = async (values: Values) => {
    if (!order) return;
    const entry = workOrderRejectSchema.parse({ quantity: Number(values.quantity), remark: values.remark ?? '' });
    toast.success(await recordReject(order.id, entry));
  };

  return (
    <FormDialog<Values>
      open={order !== null}
      title={order ? t('rejectDialog.title', { orderNo: order.order_no }) : ''}
      okText={t('rejectDialog.save')}
      cancelText={t('form.cancel')}
      maxWidth={440}
      onSave={save}
      onClose={onClose}
    >
      <Form.Item
        name="quantity"
        label={t('rejectDialog.quantity')}
        required
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              const text = quantityTextRule.safeParse(value ?? '');
              if (!text.success) throw new Error(message(text.error.issues[0]?.message ?? 'required'));
              const entry = workOrderRejectSchema.safeParse({ quantity: Number(value) });
              if (!entry.success) throw new Error(message(entry.error.issues[0]?.message ?? 'required'));
            },
          },
        ]}
      >
        <Input inputMode="numeric" maxLength={7} autoFocus data-testid="reject-quantity" />
      </Form.Item>
      <Form.Item name="remark" label={t('rejectDialog.remark')}>
        <Input.TextArea maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} data-testid="reject-remark" />
      </Form.Item>
    </FormDialog>
  );
}
