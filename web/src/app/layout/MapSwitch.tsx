import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ToggleGroup } from '../../components/ToggleGroup';
import { detectDefaultMap, MAP_VARIANTS, type MapVariant } from '../../lib/geo';
import { useSession } from '../../lib/session';

/**
 * The map provider switch (values 2 and 1); until chosen, the default comes from the browser's
 * position and neither is selected.
 */
export function MapSwitch() {
  const { t } = useTranslation();
  const curMap = useSession((state) => state.curMap);
  const setCurMap = useSession((state) => state.setCurMap);

  useEffect(() => {
    if (curMap !== null) return;
    let active = true;
    void detectDefaultMap().then((variant) => {
      if (active && useSession.getState().curMap === null) setCurMap(variant);
    });
    return () => {
      active = false;
    };
  }, [curMap, setCurMap]);

  return (
    <ToggleGroup<MapVariant>
      label={t('header.map')}
      size="small"
      value={curMap}
      onChange={setCurMap}
      options={MAP_VARIANTS.map((variant) => ({
        value: variant,
        label: variant === 1 ? t('header.mapChina') : t('header.mapGlobal'),
      }))}
      data-testid="map-switch"
    />
  );
}
