import { Alert, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { RENEWAL_TYPES, remittanceSchema, sameBankCountry, type RenewalRecord } from '@mouldwatch/shared';
import { FormDialog } from '../../../components/FormDialog';
import { fieldIssue, isRequiredBy } from '../../../lib/forms';
import { toast } from '../../../lib/feedback';
import { useBankCountries } from '../api/lookups';
import { remitRenewal } from '../api/remitRenewal';
import { useRenewalTranslation } from '../catalog';
import { country, money, refreshRenewal } from './parts';

interface Values {
  remitter: string;
  account_number: string;
  transaction_serial_number: string;
  country: string;
  renewal_type: string;
  remark: string;
}
type Field = 'remitter' | 'account_number' | 'transaction_serial_number' | 'country' | 'renewal_type';

/** The remittance form of an unpaid order (spec §5): the receiving bank shown, the remitting bank in its country. */
export function RemittanceDialog({ order, onClose }: { order: RenewalRecord | null; onClose(): void }) {
  const { t } = useRenewalTranslation();
  const { t: tAll } = useTranslation();
  const [form] = Form.useForm<Values>();
  const countries = useBankCountries();

  const rule = (field: Field) => ({
    validator: async () => {
      const values = form.getFieldsValue(true) as Values;
      const key = fieldIssue(remittanceSchema, values, field);
      if (key) throw new Error(tAll(key, { ns: 'validation' }));
      if (field === 'country' && order && !sameBankCountry(values.country, order.country)) {
        throw new Error(t('remittance.sameCountry'));
      }
    },
  });
  /** A field's required mark and rule: both from the shared schema. */
  const item = (field: Field) => ({ required: isRequiredBy(remittanceSchema, field), rules: [rule(field)] });

  const save = async (values: Values) => {
    if (!order) return;
    toast.success((await remitRenewal(order.id, remittanceSchema.parse(values))).msg);
    await refreshRenewal();
  };

  return (
    <FormDialog<Values>
      open={order !== null}
      title={t('remittance.title')}
      okText={t('remittance.save')}
      cancelText={t('remittance.cancel')}
      maxWidth={520}
      form={form}
      onSave={save}
      onClose={onClose}
      okTestId="remittance-submit"
      header={
        order ? (
          <Alert
            className="mw-rn-bank"
            type="info"
            title={t('remittance.orderSummary', {
              orderNo: order.order_number,
              amount: money(order.remittance_amount, order.currency),
            })}
            description={
              <div>
                <div>{t('remittance.receivingBank', { country: country(order.country) })}</div>
                <div>{order.bank_of_deposit}</div>
                <div>{order.account_name}</div>
                <div className="mw-rn-mono">{order.account_number}</div>
              </div>
            }
          />
        ) : null
      }
      initialValues={
        order
          ? {
              remitter: order.remitter,
              account_number: order.remitter_account_number,
              transaction_serial_number: order.transaction_serial_number,
              country: order.remitter_country || order.country,
              renewal_type: order.renewal_type ?? undefined,
              remark: order.remark,
            }
          : undefined
      }
    >
      {order ? (
        <>
          <Form.Item name="remitter" label={t('remittance.remitter')} {...item('remitter')}>
            <Input maxLength={64} autoFocus data-testid="remit-remitter" />
          </Form.Item>
          <Form.Item
            name="account_number"
            label={t('remittance.accountNumber')}
            extra={t('remittance.accountHint')}
            {...item('account_number')}
          >
            <Input maxLength={48} inputMode="text" data-testid="remit-account" />
          </Form.Item>
          <Form.Item
            name="transaction_serial_number"
            label={t('remittance.serial')}
            {...item('transaction_serial_number')}
          >
            <Input maxLength={64} data-testid="remit-serial" />
          </Form.Item>
          <Form.Item name="country" label={t('remittance.country')} {...item('country')}>
            <Select
              options={(countries.data ?? [{ country: order.country, currency: order.currency }]).map((row) => ({
                value: row.country,
                label: country(row.country),
              }))}
              loading={countries.isPending}
              data-testid="remit-country"
            />
          </Form.Item>
          <Form.Item name="renewal_type" label={t('remittance.renewalType')} {...item('renewal_type')}>
            <Select
              options={RENEWAL_TYPES.map((type) => ({ value: type, label: t(`remittance.types.${type}`) }))}
              data-testid="remit-type"
            />
          </Form.Item>
          <Form.Item name="remark" label={t('remittance.remark')}>
            <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} data-testid="remit-remark" />
          </Form.Item>
        </>
      ) : null}
    </FormDialog>
  );
}
