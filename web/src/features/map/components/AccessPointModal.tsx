import { Form, Input, InputNumber, Modal } from 'antd';
import {
  LOCATION_LABEL_MAX,
  accessPointFormSchema,
  type AccessPointForm,
  type AccessPointRecord,
} from '@mouldwatch/shared';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import { isRequiredBy } from '../../../lib/forms';

export interface AccessPointModalProps {
  /** The access point edited; undefined: a new one. */
  record: AccessPointRecord | undefined;
  saving: boolean;
  onSave(form: AccessPointForm): void;
  onCancel(): void;
}

/** The shared schema's message keys, as this catalog words them. */
const MESSAGE_KEYS = {
  bssidFormat: 'apBssidFormat',
  latitudeRange: 'apLatitudeRange',
  longitudeRange: 'apLongitudeRange',
  accuracyRange: 'apAccuracyRange',
  locationLabelLength: 'apLabelLength',
} as const;

/** Adds or edits a known access point: BSSID, WGS-84 position, accuracy radius and label (the shared schema's rules). */
export function AccessPointModal({ record, saving, onSave, onCancel }: AccessPointModalProps) {
  const { t } = useFeatureTranslation('map');
  const [form] = Form.useForm<AccessPointForm>();
  /** One field checked by the shared schema, its message in the user's language. */
  const rule = (field: keyof AccessPointForm) => ({
    validator: async (_: unknown, value: unknown) => {
      const result = accessPointFormSchema.shape[field].safeParse(value === null || value === '' ? undefined : value);
      if (result.success) return;
      const key = result.error.issues[0]?.message as keyof typeof MESSAGE_KEYS | undefined;
      throw new Error(t(key && key in MESSAGE_KEYS ? MESSAGE_KEYS[key] : 'apInvalid'));
    },
  });
  /** A field's required mark and rule: both from the shared schema. */
  const item = (field: keyof AccessPointForm) => ({
    required: isRequiredBy(accessPointFormSchema, field),
    rules: [rule(field)],
  });
  const submit = (values: AccessPointForm) => {
    const parsed = accessPointFormSchema.safeParse({
      ...values,
      accuracy_m: values.accuracy_m ?? undefined,
      label: values.label ?? '',
    });
    if (parsed.success) onSave(parsed.data);
  };
  return (
    <Modal
      open
      title={record ? t('apEditTitle', { bssid: record.bssid }) : t('apAddTitle')}
      onCancel={onCancel}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={() => void form.validateFields().then(submit, () => undefined)}
      okButtonProps={{ 'data-testid': 'map-ap-save' } as Record<`data-${string}`, string>}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={
          record
            ? {
                bssid: record.bssid,
                lat: record.lat,
                lng: record.lng,
                accuracy_m: record.accuracy_m,
                label: record.label,
              }
            : { label: '' }
        }
      >
        <Form.Item name="bssid" label={t('apBssid')} {...item('bssid')} extra={t('apBssidHint')}>
          <Input maxLength={17} autoComplete="off" data-testid="map-ap-bssid" />
        </Form.Item>
        <Form.Item name="lat" label={t('latitude')} {...item('lat')}>
          <InputNumber style={{ width: '100%' }} step={0.0001} data-testid="map-ap-lat" />
        </Form.Item>
        <Form.Item name="lng" label={t('longitude')} {...item('lng')}>
          <InputNumber style={{ width: '100%' }} step={0.0001} data-testid="map-ap-lng" />
        </Form.Item>
        <Form.Item name="accuracy_m" label={t('accuracyColumn')} {...item('accuracy_m')}>
          <InputNumber style={{ width: '100%' }} min={1} max={5000} data-testid="map-ap-accuracy" />
        </Form.Item>
        <Form.Item name="label" label={t('label')} {...item('label')}>
          <Input maxLength={LOCATION_LABEL_MAX} data-testid="map-ap-label" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
