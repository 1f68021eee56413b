import { Col, Row } from 'antd';
import { useMoldsTranslation } from '../../catalog';
import { NumberItem } from '../SchemaItem';

const half = { xs: 24, md: 12 };

/** Step 5: target cycle time, its threshold and alert bands, open and close thresholds, base idle and stop time. */
export function CycleTimeStep() {
  const { t } = useMoldsTranslation();
  return (
    <Row gutter={16}>
      <Col {...half}>
        <NumberItem name={['cycle_time']} label={t('fields.targetCycleTime')} />
      </Col>
      <Col {...half}>
        <NumberItem name={['cycle_time_setting', 'time']} label={t('fields.cycleThreshold')} />
      </Col>
      <Col {...half}>
        <NumberItem name={['cycle_time_setting', 'alert']} label={t('fields.alert')} />
      </Col>
      <Col {...half}>
        <NumberItem
          name={['cycle_time_setting', 'early']}
          label={t('fields.early')}
          dependencies={[['cycle_time_setting', 'alert']]}
        />
      </Col>
      <Col {...half}>
        <NumberItem name={['open_time_threshold']} label={t('fields.openThreshold')} />
      </Col>
      <Col {...half}>
        <NumberItem name={['close_time_threshold']} label={t('fields.closeThreshold')} />
      </Col>
      <Col {...half}>
        <NumberItem name={['basic_time']} label={t('fields.basicTime')} />
      </Col>
      <Col {...half}>
        <NumberItem name={['basic_stop_time']} label={t('fields.basicStopTime')} dependencies={[['basic_time']]} />
      </Col>
    </Row>
  );
}

/** Step 6: target counter, PM interval and target OEE. */
export function CounterStep() {
  const { t } = useMoldsTranslation();
  return (
    <Row gutter={16}>
      <Col {...half}>
        <NumberItem name={['counter']} label={t('fields.counter')} />
      </Col>
      <Col {...half}>
        <NumberItem name={['maint_interval']} label={t('fields.maintInterval')} />
      </Col>
      <Col {...half}>
        <NumberItem name={['oee']} label={t('fields.oee')} />
      </Col>
    </Row>
  );
}

/** Step 7: the supply voltage energy is reckoned with. */
export function VoltageStep() {
  const { t } = useMoldsTranslation();
  return (
    <Row gutter={16}>
      <Col {...half}>
        <NumberItem name={['voltage']} label={t('fields.voltage')} />
      </Col>
    </Row>
  );
}
