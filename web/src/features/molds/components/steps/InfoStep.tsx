import { Col, Form, Input, Row, Select } from 'antd';
import type { MoldRecord } from '../../api/moldRecord';
import { useCompanies, useGroups } from '../../api/pickers';
import { useMoldsTranslation } from '../../catalog';
import { DeviceActions } from '../DeviceActions';
import { ImageField } from '../ImageField';
import { NumberItem, SchemaItem } from '../SchemaItem';
import { TagField } from '../TagField';
import type { ShownToken } from '../TokenDialog';

export interface InfoStepProps {
  stored: MoldRecord | undefined;
  image: File | null;
  onImage(file: File): void;
  onToken(shown: ShownToken): void;
  onUnbound(): void;
}

const half = { xs: 24, md: 12 };

function TextItem({ name, label }: { name: string; label: string }) {
  return (
    <Col {...half}>
      <SchemaItem name={[name]} label={label}>
        <Input data-testid={`field-${name}`} />
      </SchemaItem>
    </Col>
  );
}

/** Company, then one of its groups: choosing another company clears the group. */
function CompanyAndGroup() {
  const { t } = useMoldsTranslation();
  const form = Form.useFormInstance();
  const companyId = Form.useWatch<number | undefined>('company_id', form);
  const companies = useCompanies();
  const groups = useGroups(companyId);
  const options = (list: Array<{ id: number; name: string }> | undefined) =>
    list?.map((option) => ({ value: option.id, label: option.name }));
  return (
    <>
      <Col {...half}>
        <SchemaItem name={['company_id']} label={t('fields.company')}>
          <Select
            options={options(companies.data)}
            loading={companies.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={() => form.setFieldValue('group_id', undefined)}
            data-testid="field-company_id"
          />
        </SchemaItem>
      </Col>
      <Col {...half}>
        <SchemaItem name={['group_id']} label={t('fields.group')}>
          <Select
            options={options(groups.data)}
            loading={groups.isFetching}
            disabled={companyId === undefined}
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="field-group_id"
          />
        </SchemaItem>
      </Col>
    </>
  );
}

function DeviceField({ stored, onToken, onUnbound }: Omit<InfoStepProps, 'image' | 'onImage'>) {
  const { t } = useMoldsTranslation();
  const typed = Form.useWatch<string | undefined>('device_no');
  const bound = stored?.device;
  return (
    <Col {...half}>
      <SchemaItem name={['device_no']} label={t('fields.serialNumber')} extra={t('device.hint')}>
        <Input data-testid="field-device_no" autoComplete="off" />
      </SchemaItem>
      {bound && typed === bound.device_no ? (
        <Form.Item>
          <DeviceActions device={bound} onToken={onToken} onUnbound={onUnbound} />
        </Form.Item>
      ) : null}
    </Col>
  );
}

/** Step 1: what the mould is, where it belongs, its device and its image. */
export function InfoStep({ stored, image, onImage, onToken, onUnbound }: InfoStepProps) {
  const { t } = useMoldsTranslation();
  return (
    <Row gutter={16}>
      <TextItem name="name" label={t('fields.name')} />
      <TextItem name="mold_number" label={t('fields.moldNumber')} />
      <CompanyAndGroup />
      <TextItem name="owner" label={t('fields.owner')} />
      <TextItem name="type" label={t('fields.type')} />
      <Col {...half}>
        <NumberItem name={['cavitation']} label={t('fields.cavitation')} />
      </Col>
      <TextItem name="oem_id" label={t('fields.oemId')} />
      <TextItem name="customer" label={t('fields.customer')} />
      <Col {...half}>
        <TagField name="country" kind="country" label={t('fields.country')} />
      </Col>
      <Col {...half}>
        <TagField name="workshop" kind="factory" label={t('fields.workshop')} />
      </Col>
      <TextItem name="project_name" label={t('fields.projectName')} />
      <TextItem name="part_id" label={t('fields.partId')} />
      <Col {...half}>
        <NumberItem name={['start_count']} label={t('fields.startCount')} />
      </Col>
      <DeviceField stored={stored} onToken={onToken} onUnbound={onUnbound} />
      <Col xs={24}>
        <ImageField storedUrl={stored?.mold_image ?? ''} chosen={image} onChoose={onImage} isNew={!stored} />
      </Col>
    </Row>
  );
}
