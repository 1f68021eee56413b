import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { moldGroupFormSchema, type MoldGroupForm, type MoldGroupRecord } from '@mouldwatch/shared';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import { serverText } from '../../../i18n';
import { toast } from '../../../lib/feedback';
import { schemaField } from '../../../lib/forms';
import { useSaveMoldGroup } from '../api/saveMoldGroup';
import { CompanySelect } from './CompanySelect';
import { FormDialog } from './FormDialog';

interface MoldGroupDialogProps {
  /** The group edited; none adds one (in `companyId`, when the list is filtered by a company). */
  group?: MoldGroupRecord;
  companyId?: number;
  onClose(): void;
}

export function MoldGroupDialog({ group, companyId, onClose }: MoldGroupDialogProps) {
  const { t } = useFeatureTranslation('moldOrganisation');
  const { t: tCommon } = useTranslation();
  const [form] = Form.useForm<MoldGroupForm>();
  const save = useSaveMoldGroup();
  const submit = async (values: MoldGroupForm) => {
    await save.mutateAsync({ id: group?.id, form: values });
    toast.success(serverText(group ? 'modified' : 'added'));
  };
  const field = (name: keyof MoldGroupForm) => schemaField(moldGroupFormSchema, name, tCommon);
  return (
    <FormDialog
      title={t(group ? 'group.edit' : 'group.add')}
      form={form}
      initialValues={{ name: group?.name, company_id: group?.company.id ?? companyId }}
      saving={save.isPending}
      onSubmit={submit}
      nameTakenText={t('group.nameTaken')}
      onClose={onClose}
      testId="group-dialog"
    >
      <Form.Item name="company_id" label={t('group.company')} {...field('company_id')}>
        <CompanySelect testId="group-company" />
      </Form.Item>
      <Form.Item name="name" label={t('group.name')} {...field('name')}>
        <Input maxLength={15} showCount data-testid="group-name" />
      </Form.Item>
    </FormDialog>
  );
}
