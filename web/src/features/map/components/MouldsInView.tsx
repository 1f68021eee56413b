import { Empty } from 'antd';
import { startTransition, useImperativeHandle, useMemo, useState, type Ref } from 'react';
import { stateColour } from '@mouldwatch/shared';
import { HTML_LANG, currentLanguage } from '../../../i18n';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import type { MapMould } from '../model/mapModel';

/** The side list shows at most this many of the moulds in view. */
const LIST_LIMIT = 100;

export interface MouldsInViewHandle {
  /** The moulds drawn inside the view after a move (ids). */
  show(ids: number[]): void;
}

interface MouldsInViewProps {
  ref: Ref<MouldsInViewHandle>;
  moulds: ReadonlyMap<number, MapMould>;
  selectedId: number | null;
  onChoose(mould: MapMould): void;
}

/**
 * The side list of the moulds in view. It keeps the ids itself and draws them as a transition: a
 * move of the map redraws this list after the move's own work, not the whole screen (its filters)
 * within the move's task.
 */
export function MouldsInView({ ref, moulds, selectedId, onChoose }: MouldsInViewProps) {
  const { t } = useFeatureTranslation('map');
  const [inView, setInView] = useState<number[]>([]);
  const numbers = new Intl.NumberFormat(HTML_LANG[currentLanguage()]);
  useImperativeHandle(ref, () => ({ show: (ids) => startTransition(() => setInView(ids)) }), []);
  const listed = useMemo(
    () =>
      inView
        .slice(0, LIST_LIMIT)
        .map((id) => moulds.get(id))
        .filter((mould): mould is MapMould => mould !== undefined),
    [inView, moulds],
  );
  return (
    <div className="mw-map-list" data-testid="map-list">
      <div className="mw-map-list-head">{t('inView', { count: numbers.format(inView.length) })}</div>
      {listed.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noneInView')} />
      ) : (
        <ul>
          {listed.map((mould) => (
            <li key={mould.id}>
              <button
                type="button"
                className={mould.id === selectedId ? 'mw-map-list-item is-selected' : 'mw-map-list-item'}
                onClick={() => onChoose(mould)}
                data-testid="map-list-item"
              >
                <span className="mw-map-dot" style={{ background: stateColour(mould.state) }} />
                <span className="mw-map-list-name">{mould.name}</span>
                <span className="mw-map-list-number">{mould.moldNumber}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {inView.length > LIST_LIMIT && (
        <div className="mw-map-list-more">{t('moreInView', { count: numbers.format(inView.length - LIST_LIMIT) })}</div>
      )}
    </div>
  );
}
