import { Radio } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { detectDefaultMap, MAP_VARIANTS } from '../../lib/geo';
import { useSession } from '../../lib/session';

/** The map provider radio (values 2 and 1); until chosen, the default comes from the browser's position. */
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
    <Radio.Group
      aria-label={t('header.map')}
      optionType="button"
      size="small"
      value={curMap ?? undefined}
      onChange={(event) => setCurMap(event.target.value as 1 | 2)}
      options={MAP_VARIANTS.map((variant) => ({
        value: variant,
        label: variant === 1 ? t('header.mapChina') : t('header.mapGlobal'),
      }))}
      data-testid="map-switch"
    />
  );
}
