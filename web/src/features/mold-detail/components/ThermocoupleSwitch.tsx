import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { MenuId } from '@mouldwatch/shared';
import { ToggleGroup } from '../../../components/ToggleGroup';
import { serverText } from '../../../i18n';
import { useSession } from '../../../lib/session';
import { confirm, toast } from '../../../lib/feedback';
import { useMould } from '../api/getMould';
import { useSaveThermocouple, type ThermocoupleCode } from '../api/saveThermocouple';

const OPTIONS: Array<{ label: string; value: ThermocoupleCode }> = [
  { label: 'J', value: 0 },
  { label: 'K', value: 1 },
];

/** Whether the user's role may edit moulds (the mould list's `edit`), which a thermocouple change is. */
function useMayEditMoulds(): boolean {
  const menu = useSession((state) => state.menu) ?? [];
  return menu.some((entry) => entry.id === MenuId.mold && entry.menuPermission.includes('edit'));
}

/**
 * The mould's thermocouple type, J or K. A change asks first (spec §8): readings from then on are
 * read as the new type, the history keeps the type it was recorded with.
 */
export function ThermocoupleSwitch({ moldId }: { moldId: number }) {
  const { t } = useTranslation();
  const facts = useMould(moldId).data;
  const save = useSaveThermocouple(moldId);
  const mayEdit = useMayEditMoulds();
  if (!facts) return null;

  const choose = (code: ThermocoupleCode) => {
    if (code === facts.thermocouple_type) return;
    confirm({
      title: t('moldDetail.thermocouple.confirmTitle'),
      content: t('moldDetail.thermocouple.confirmContent'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'thermocouple-confirm' },
      onOk: () => save.mutateAsync(code).then(() => toast.success(serverText('modified'))),
    });
  };
  return (
    <Tooltip title={mayEdit ? undefined : t('moldDetail.thermocouple.readOnly')}>
      <span className="mw-detail-thermocouple" data-testid="thermocouple">
        <span className="mw-detail-thermocouple-label">{t('moldDetail.thermocouple.label')}</span>
        <ToggleGroup<ThermocoupleCode>
          size="small"
          label={t('moldDetail.thermocouple.label')}
          options={OPTIONS}
          value={facts.thermocouple_type === 1 ? 1 : 0}
          disabled={!mayEdit || save.isPending}
          onChange={choose}
        />
      </span>
    </Tooltip>
  );
}
