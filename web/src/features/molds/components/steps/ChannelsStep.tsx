import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, Row, Space } from 'antd';
import { temperatureUnitLabel } from '@mouldwatch/shared';
import { useContext } from 'react';
import { useMoldsTranslation } from '../../catalog';
import { FormUnitContext, NumberItem, SchemaItem } from '../SchemaItem';

interface ChannelsStepProps {
  field: 'hot_temp_setting' | 'mold_temp_setting';
  max: number;
}

const third = { xs: 24, md: 8 };

/**
 * Steps 3 and 4: temperature channels in order, each with tag name, set value and alert
 * temperature. Channels are added and removed at the end only, as the spec's "temperature edits
 * must start from the last temperature position" asks; empty channels at the end are not saved.
 */
export function ChannelsStep({ field, max }: ChannelsStepProps) {
  const { t } = useMoldsTranslation();
  const unit = temperatureUnitLabel(useContext(FormUnitContext));
  return (
    <Form.List name={field}>
      {(channels, { add, remove }) => (
        <div className="mw-molds-channels" data-testid={`channels-${field}`}>
          {channels.map((channel) => (
            <fieldset key={channel.key} className="mw-molds-channel">
              <legend>{t('fields.channel', { number: channel.name + 1 })}</legend>
              <Row gutter={16}>
                <Col {...third}>
                  <SchemaItem
                    name={[channel.name, 'name']}
                    path={[field, channel.name, 'name']}
                    label={t('fields.tagName')}
                  >
                    <Input data-testid={`field-${field}-${channel.name}-name`} />
                  </SchemaItem>
                </Col>
                <Col {...third}>
                  <NumberItem
                    name={[channel.name, 'set']}
                    path={[field, channel.name, 'set']}
                    label={t('fields.setValue', { unit })}
                  />
                </Col>
                <Col {...third}>
                  <NumberItem
                    name={[channel.name, 'alert']}
                    path={[field, channel.name, 'alert']}
                    label={t('fields.alertTemperature', { unit })}
                  />
                </Col>
              </Row>
            </fieldset>
          ))}
          <Space wrap>
            <Button
              icon={<PlusOutlined />}
              disabled={channels.length >= max}
              onClick={() => add({ name: '', set: null, alert: null })}
              data-testid={`${field}-add`}
            >
              {t('fields.addChannel')}
            </Button>
            <Button
              icon={<MinusOutlined />}
              disabled={channels.length === 0}
              onClick={() => remove(channels.length - 1)}
              data-testid={`${field}-remove`}
            >
              {t('fields.removeChannel')}
            </Button>
            <span className="mw-molds-muted">{t('fields.channelsLimit', { max })}</span>
          </Space>
        </div>
      )}
    </Form.List>
  );
}
