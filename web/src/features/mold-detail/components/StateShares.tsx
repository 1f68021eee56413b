import { useTranslation } from 'react-i18next';
import type { DataRange } from '@mouldwatch/shared';
import type { Point } from '../model/points';
import { TIME_STATES, stateShares } from '../model/status';
import { nowSeconds } from '../data/readPoints';

/** Each time state's share of the time the chart covers, in the state's colour. */
export function StateShares({ points, range, zone }: { points: readonly Point[]; range: DataRange; zone: string }) {
  const { t } = useTranslation();
  const shares = stateShares(points, range, zone, nowSeconds());
  return (
    <div className="mw-detail-shares" data-testid="state-shares">
      {TIME_STATES.map(({ state, colour }) => (
        <div
          key={state}
          className="mw-detail-share"
          style={{ borderTopColor: colour }}
          data-testid={`state-share-${state}`}
        >
          <div className="mw-detail-share-label">{t(`moldDetail.timeStates.${state}`)}</div>
          <div className="mw-detail-share-value">{(shares[state] * 100).toFixed(1)} %</div>
        </div>
      ))}
    </div>
  );
}
