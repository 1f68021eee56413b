import { GLOSSARY, stateColour } from '@mouldwatch/shared';
import { currentLanguage } from '../../../i18n';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';

/** The states a pin's colour tells apart: stby is drawn like idle, and an offline mould is off. */
const LEGEND_STATES = ['run', 'idle', 'alarm', 'stop', 'off'] as const;

/** What a pin's colour means: the state colours of the home list, the tiles and the charts. */
export function MapLegend() {
  const { t } = useFeatureTranslation('map');
  const glossary = GLOSSARY[currentLanguage()];
  const label = (state: (typeof LEGEND_STATES)[number]) =>
    state === 'idle'
      ? `${glossary.idle} / ${glossary.stby}`
      : state === 'off'
        ? `${glossary.off} / ${glossary.offline}`
        : glossary[state];
  return (
    <ul className="mw-map-legend" aria-label={t('legend')} data-testid="map-legend">
      {LEGEND_STATES.map((state) => (
        <li key={state} data-state={state}>
          <span className="mw-map-dot" style={{ background: stateColour(state) }} />
          {label(state)}
        </li>
      ))}
    </ul>
  );
}
