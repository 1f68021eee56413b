import { Segmented } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { detectDefaultMap, MAP_VARIANTS, type MapVariant } from '../../lib/geo';
import { useSession } from '../../lib/session';

/**
 * The map provider switch (values 2 and 1); until chosen, the default comes from the browser's
 * position and neither is selected. A `Segmented` like the unit switch: antd's radio group would
 * bring the form engine into every screen.
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
    <Segmented<MapVariant | null>
      aria-label={t('header.map')}
      size="small"
      // null, not undefined, until chosen: undefined would show the first option selected.
      value={curMap}
      onChange={(variant) => {
        if (variant !== null) setCurMap(variant);
      }}
      options={MAP_VARIANTS.map((variant) => ({
        value: variant,
        label: variant === 1 ? t('header.mapChina') : t('header.mapGlobal'),
      }))}
      data-testid="map-switch"
    />
  );
}
