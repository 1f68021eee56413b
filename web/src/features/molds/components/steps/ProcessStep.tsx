import { Col, Form, Radio, Row, Select, Switch, type FormItemProps } from 'antd';
import { timeZoneOptions } from '@mouldwatch/shared';
import { useMemo } from 'react';
import { currentLanguage } from '../../../../i18n';
import { confirm } from '../../../../lib/feedback';
import { useMoldsTranslation } from '../../catalog';
import { SchemaItem } from '../SchemaItem';

const half = { xs: 24, md: 12 };

/** A 0/1 setting shown as a switch. */
const onOffSwitch: Pick<FormItemProps, 'valuePropName' | 'getValueProps' | 'normalize'> = {
  getValueProps: (value: unknown) => ({ checked: value === 1 }),
  normalize: (checked: boolean) => (checked ? 1 : 0),
};

function TimeZoneField() {
  const { t } = useMoldsTranslation();
  const form = Form.useFormInstance();
  const language = currentLanguage();
  const zones = useMemo(() => timeZoneOptions(language), [language]);
  const options = [
    { value: '', label: t('fields.viewerTimeZone') },
    ...zones.map((zone) => ({ value: zone.zone, label: zone.label })),
  ];
  return (
    <SchemaItem name={['time_zone']} label={t('fields.timeZone')}>
      <Select
        options={options}
        showSearch={{ optionFilterProp: 'label' }}
        onChange={(zone: string) =>
          form.setFieldValue('time_zone_city', zones.find((option) => option.zone === zone)?.city ?? '')
        }
        data-testid="field-time_zone"
      />
    </SchemaItem>
  );
}

/**
 * The thermocouple type of a stored mould changes only after the spec's confirmation: later data
 * are read as the new type, history keeps the original.
 */
function ThermocoupleField({ stored }: { stored: boolean }) {
  const { t } = useMoldsTranslation();
  const form = Form.useFormInstance();
  const choose = (value: 0 | 1) => {
    if (!stored) return form.setFieldValue('thermocouple_type', value);
    confirm({
      title: t('fields.thermocoupleConfirm'),
      onOk: () => form.setFieldValue('thermocouple_type', value),
    });
  };
  const value = Form.useWatch<0 | 1 | undefined>('thermocouple_type', form);
  return (
    <Form.Item label={t('fields.thermocoupleType')}>
      <Radio.Group
        value={value}
        onChange={(event) => choose(event.target.value as 0 | 1)}
        optionType="button"
        options={[
          { value: 0, label: 'J' },
          { value: 1, label: 'K' },
        ]}
        data-testid="field-thermocouple_type"
      />
    </Form.Item>
  );
}

/** Step 2: how the mould's data are read — thermocouple, time zone, monitoring switches. */
export function ProcessStep({ stored }: { stored: boolean }) {
  const { t } = useMoldsTranslation();
  return (
    <Row gutter={16}>
      <Col {...half}>
        <ThermocoupleField stored={stored} />
      </Col>
      <Col {...half}>
        <TimeZoneField />
      </Col>
      <Col {...half}>
        <SchemaItem name={['launch_listen']} label={t('fields.launchListen')} {...onOffSwitch}>
          <Switch data-testid="field-launch_listen" />
        </SchemaItem>
      </Col>
      <Col {...half}>
        <SchemaItem name={['temp_switch', 'hrs_switch']} label={t('fields.hrsSwitch')} {...onOffSwitch}>
          <Switch data-testid="field-hrs_switch" />
        </SchemaItem>
        <SchemaItem name={['temp_switch', 'mold_switch']} label={t('fields.moldSwitch')} {...onOffSwitch}>
          <Switch data-testid="field-mold_switch" />
        </SchemaItem>
      </Col>
    </Row>
  );
}
