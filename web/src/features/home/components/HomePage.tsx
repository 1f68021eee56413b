import { Button, Empty } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SkeletonRows } from '../../../components/SkeletonRows';
import { useSession } from '../../../lib/session';
import { useSaveMouldOrder } from '../api/saveMouldOrder';
import { useSetFavourite } from '../api/setFavourite';
import { useMoulds, type HomeMould } from '../api/getMoulds';
import { NO_FILTERS, isFiltered, type HomeFilters } from '../model/filters';
import { movedRange } from '../model/reorder';
import { countTiles, inTile, type Tile } from '../model/tiles';
import { readViewMode, writeViewMode, type ViewMode } from '../model/viewMode';
import { FilterBar } from './FilterBar';
import { useDisplayContext } from './MouldFigures';
import { LoadFailed } from './LoadFailed';
import { MouldList } from './MouldList';
import { useSortableParts } from './useSortableParts';
import { StateTiles } from './StateTiles';
import { mouldFactsPath } from '../../../lib/screen';
import '../home.css';

/** The selection the detail screens read: which mould, and what to call it until its facts arrive. */
function useOpenMould() {
  const navigate = useNavigate();
  const select = useSession((state) => state.setHomeSelectMold);
  return useCallback(
    (mould: HomeMould) => {
      const { id, name, mold_number, device_no } = mould;
      select({ id, name, mold_number, device_no }, id);
      navigate(mouldFactsPath(id));
    },
    [navigate, select],
  );
}

function useViewMode(): [ViewMode, (view: ViewMode) => void] {
  const [view, setView] = useState(readViewMode);
  const change = (next: ViewMode) => {
    writeViewMode(next);
    setView(next);
  };
  return [view, change];
}

/**
 * Home: the counts of moulds per state and connection (each a filter), the filters, and every mould
 * of the user as cards or rows in the user's order, live.
 */
export function HomePage() {
  const [filters, setFilters] = useState<HomeFilters>(NO_FILTERS);
  const [tile, setTile] = useState<Tile>('all');
  const [view, setView] = useViewMode();
  const [reordering, setReordering] = useState(false);
  const stopReordering = useCallback(() => setReordering(false), []);
  const sortable = useSortableParts(reordering, stopReordering);
  const moulds = useMoulds(filters);
  const all = moulds.data;
  const counts = useMemo(() => (all ? countTiles(all) : undefined), [all]);
  const shown = useMemo(() => (all ?? []).filter((mould) => inTile(mould, tile)), [all, tile]);
  const display = useDisplayContext();
  const { mutate: markFavourite } = useSetFavourite();
  const order = useSaveMouldOrder(filters);
  const openMould = useOpenMould();

  const move = (from: number, to: number) =>
    order.mutate(
      movedRange(
        shown.map((mould) => mould.id),
        from,
        to,
      ),
    );
  const toggleFavourite = useCallback(
    (mould: HomeMould) => markFavourite({ moldId: mould.id, favourite: !mould.favourite }),
    [markFavourite],
  );
  const showAll = () => {
    setFilters(NO_FILTERS);
    setTile('all');
  };

  return (
    <div className="mw-home" data-testid="home">
      <StateTiles counts={counts} numbers={display.numbers} selected={tile} onSelect={setTile} />
      <FilterBar
        filters={filters}
        onChange={setFilters}
        view={view}
        onViewChange={setView}
        reorder={{ on: reordering, ready: sortable !== undefined, onChange: setReordering }}
        shown={shown.length}
        total={all?.length ?? 0}
        numbers={display.numbers}
      />
      {moulds.isPending ? (
        <SkeletonRows rows={8} className="mw-home-panel" />
      ) : moulds.isError && !all ? (
        <LoadFailed onRetry={() => void moulds.refetch()} />
      ) : shown.length === 0 ? (
        <NoMoulds filtered={isFiltered(filters) || tile !== 'all'} onClear={showAll} />
      ) : (
        <MouldList
          key={view}
          moulds={shown}
          view={view}
          display={display}
          onOpen={openMould}
          onToggleFavourite={toggleFavourite}
          onMove={move}
          sortable={sortable}
        />
      )}
    </div>
  );
}

function NoMoulds({ filtered, onClear }: { filtered: boolean; onClear(): void }) {
  const { t } = useTranslation();
  return (
    <Empty
      className="mw-home-panel mw-home-empty"
      description={t(filtered ? 'home.noMatch' : 'home.empty')}
      data-testid="home-empty"
    >
      {filtered ? <Button onClick={onClear}>{t('home.clearFilters')}</Button> : null}
    </Empty>
  );
}
