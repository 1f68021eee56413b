import { Select } from 'antd';
import type { NamedRecord } from '@mouldwatch/shared';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import { useCompanyOptions } from '../api/getCompanyOptions';
import '../catalog';

export interface CompanySelectProps {
  value?: number;
  onChange?: (companyId: number | undefined) => void;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  className?: string;
  testId?: string;
}

/** Every company of the organisation, searchable by name. */
export function CompanySelect(props: CompanySelectProps) {
  const companies = useCompanyOptions();
  return <CompanyOptionsSelect {...props} companies={companies.data} loading={companies.isFetching} />;
}

/** A searchable select of the given companies. */
export function CompanyOptionsSelect({
  value,
  onChange,
  placeholder,
  allowClear,
  disabled,
  className,
  testId,
  companies,
  loading,
}: CompanySelectProps & { companies: NamedRecord[] | undefined; loading: boolean }) {
  const { t } = useFeatureTranslation('moldOrganisation');
  return (
    <Select<number>
      className={className}
      value={value}
      onChange={(companyId) => onChange?.(companyId ?? undefined)}
      options={companies?.map((company) => ({ value: company.id, label: company.name }))}
      loading={loading}
      placeholder={placeholder ?? t('picker.companyPlaceholder')}
      notFoundContent={t('picker.noCompanies')}
      aria-label={t('picker.company')}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear={allowClear}
      disabled={disabled}
      data-testid={testId}
    />
  );
}
