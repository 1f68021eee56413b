import { useTranslation } from 'react-i18next';
import type { TemperatureUnit } from '@mouldwatch/shared';
import { ToggleGroup } from '../../components/ToggleGroup';
import { savePreferences } from '../../features/session';
import { useSession } from '../../lib/session';

/** °C / °F for every temperature shown or exported. */
export function UnitSwitch() {
  const { t } = useTranslation();
  const unit = useSession((state) => state.unit);
  const setUnit = useSession((state) => state.setUnit);
  const change = (next: TemperatureUnit) => {
    setUnit(next);
    savePreferences({ unit: next });
  };
  return (
    <ToggleGroup<TemperatureUnit>
      size="small"
      label={t('header.unit')}
      value={unit}
      onChange={change}
      options={[
        { value: 'C', label: <span data-testid="unit-C">{t('header.celsius')}</span> },
        { value: 'F', label: <span data-testid="unit-F">{t('header.fahrenheit')}</span> },
      ]}
    />
  );
}
