import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { companyFormSchema, type CompanyForm, type CompanyRecord } from '@mouldwatch/shared';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import { serverText } from '../../../i18n';
import { toast } from '../../../lib/feedback';
import { schemaField } from '../../../lib/forms';
import { useSaveCompany } from '../api/saveCompany';
import { FormDialog } from './FormDialog';

interface CompanyDialogProps {
  /** The company edited; none adds one. */
  company?: CompanyRecord;
  onClose(): void;
}

export function CompanyDialog({ company, onClose }: CompanyDialogProps) {
  const { t } = useFeatureTranslation('moldOrganisation');
  const { t: tCommon } = useTranslation();
  const [form] = Form.useForm<CompanyForm>();
  const save = useSaveCompany();
  const submit = async (values: CompanyForm) => {
    await save.mutateAsync({ id: company?.id, form: values });
    toast.success(serverText(company ? 'modified' : 'added'));
  };
  return (
    <FormDialog
      title={t(company ? 'company.edit' : 'company.add')}
      form={form}
      initialValues={{ name: company?.name }}
      saving={save.isPending}
      onSubmit={submit}
      nameTakenText={t('company.nameTaken')}
      onClose={onClose}
      testId="company-dialog"
    >
      <Form.Item name="name" label={t('company.name')} {...schemaField(companyFormSchema, 'name', tCommon)}>
        <Input maxLength={15} showCount autoFocus data-testid="company-name" />
      </Form.Item>
    </FormDialog>
  );
}
