import { Button, Form, Input, InputNumber, Modal } from 'antd';
import { useEffect } from 'react';
import { LOCATION_LABEL_MAX, type LatLng, type ManualPosition } from '@mouldwatch/shared';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';

export interface ManualPositionModalProps {
  name: string;
  /** The position to start from (the mould's, or the one picked on the map). */
  initial: LatLng & { label?: string };
  saving: boolean;
  onSave(position: ManualPosition): void;
  onPick(): void;
  onCancel(): void;
}

/** Types the manual position (WGS-84), or hands over to the map to pick it. */
export function ManualPositionModal({ name, initial, saving, onSave, onPick, onCancel }: ManualPositionModalProps) {
  const { t } = useFeatureTranslation('map');
  const [form] = Form.useForm<ManualPosition>();
  useEffect(() => {
    form.setFieldsValue({
      lat: Number(initial.lat.toFixed(7)),
      lng: Number(initial.lng.toFixed(7)),
      label: initial.label ?? '',
    });
  }, [form, initial]);
  return (
    <Modal
      open
      title={t('manualTitle', { name })}
      onCancel={onCancel}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={() => void form.validateFields().then(onSave, () => undefined)}
      okButtonProps={{ 'data-testid': 'map-manual-save' } as Record<`data-${string}`, string>}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="lat" label={t('latitude')} rules={[{ required: true, type: 'number', min: -90, max: 90 }]}>
          <InputNumber style={{ width: '100%' }} step={0.0001} data-testid="map-manual-lat" />
        </Form.Item>
        <Form.Item name="lng" label={t('longitude')} rules={[{ required: true, type: 'number', min: -180, max: 180 }]}>
          <InputNumber style={{ width: '100%' }} step={0.0001} data-testid="map-manual-lng" />
        </Form.Item>
        <Form.Item name="label" label={t('label')} rules={[{ max: LOCATION_LABEL_MAX }]}>
          <Input maxLength={LOCATION_LABEL_MAX} data-testid="map-manual-label" />
        </Form.Item>
      </Form>
      <Button type="link" onClick={onPick} style={{ paddingInline: 0 }} data-testid="map-manual-pick">
        {t('pickOnMap')}
      </Button>
    </Modal>
  );
}
