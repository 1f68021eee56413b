import { AutoComplete, Alert, Button, Select } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { GLOSSARY, MenuId, type LatLng, type LivePosition, type ManualPosition } from '@mouldwatch/shared';
import { mouldFactsPath, type ScreenProps } from '../../../lib/screen';
import { useMenuActions } from '../../../components/admin/useMenuActions';
import { currentLanguage } from '../../../i18n';
import { useFeatureTranslation } from '../../../i18n/featureCatalogs';
import { toast } from '../../../lib/feedback';
import { liveFeed } from '../../../lib/liveFeed';
import { useSession } from '../../../lib/session';
import { useMapMoulds } from '../api/getMap';
import { useMapConfig } from '../api/getMapConfig';
import { useClearManualPosition, useSetManualPosition } from '../api/manualPosition';
import { applyPositions, passes, searchMoulds, type MapFilters, type MapMould } from '../model/mapModel';
import { MapLegend } from './MapLegend';
import { MouldFacts } from './MouldFacts';
import { MouldMap } from './MouldMap';
import { MouldsInView, type MouldsInViewHandle } from './MouldsInView';
import './map.css';

/** The history (a table) and the manual position form load when first opened: the map itself stays light. */
const LocationHistoryDrawer = lazy(() =>
  import('./LocationHistoryDrawer').then((module) => ({ default: module.LocationHistoryDrawer })),
);
/** The known WiFi access points (administrators): loads on first open. */
const AccessPointsDrawer = lazy(() =>
  import('./AccessPointsDrawer').then((module) => ({ default: module.AccessPointsDrawer })),
);
const ManualPositionModal = lazy(() =>
  import('./ManualPositionModal').then((module) => ({ default: module.ManualPositionModal })),
);

/** Live changes gather this long before the map redraws: 10,000 moulds are not re-indexed per message. */
const LIVE_BATCH_MS = 1000;
const STATE_FILTERS = ['run', 'idle', 'alarm', 'stop', 'off'] as const;

interface MouldStore {
  data: MapMould[] | undefined;
  moulds: ReadonlyMap<number, MapMould>;
}
const storeOf = (data: MapMould[] | undefined): MouldStore => ({
  data,
  moulds: new Map((data ?? []).map((mould) => [mould.id, mould])),
});

/** The moulds by id: the last answer of the map call, kept current by the live channel. */
function useLiveMoulds(data: MapMould[] | undefined, refetch: () => void): ReadonlyMap<number, MapMould> {
  const [store, setStore] = useState(() => storeOf(data));
  if (store.data !== data) setStore(storeOf(data));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const positions: LivePosition[] = [];
    const statuses = new Map<number, { state: MapMould['state']; online: boolean }>();
    const flush = () => {
      timer = undefined;
      const moved = positions.splice(0);
      const changed = [...statuses];
      statuses.clear();
      setStore((previous) => {
        const moulds = new Map(previous.moulds);
        let any = applyPositions(moulds, moved);
        for (const [id, status] of changed) {
          const mould = moulds.get(id);
          if (!mould || (mould.state === status.state && mould.online === status.online)) continue;
          moulds.set(id, { ...mould, ...status });
          any = true;
        }
        return any ? { ...previous, moulds } : previous;
      });
    };
    const later = () => {
      timer ??= setTimeout(flush, LIVE_BATCH_MS);
    };
    const unsubscribe = liveFeed.subscribe((message) => {
      if (message.type === 'positions') {
        positions.push(...message.data);
        later();
      } else if (message.type === 'list') {
        const status = message.data as { id?: number; state?: MapMould['state']; online?: boolean };
        if (status.id === undefined || status.state === undefined) return;
        statuses.set(status.id, { state: status.state, online: status.online ?? false });
        later();
      } else if (message.type === 'moulds') {
        refetch();
      }
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [refetch]);
  return store.moulds;
}

/** /map: every readable mould by its position, clustered; filters, search, the moulds in view, facts, history. */
export function MapScreen({ title }: ScreenProps) {
  const { t } = useFeatureTranslation('map');
  const glossary = GLOSSARY[currentLanguage()];
  const navigate = useNavigate();
  const actions = useMenuActions(MenuId.map);
  const variant = useSession((state) => state.curMap) ?? 2;
  const selectMould = useSession((state) => state.setHomeSelectMold);
  const config = useMapConfig();
  const query = useMapMoulds();
  const refetch = useCallback(() => void query.refetch(), [query]);
  const moulds = useLiveMoulds(query.data?.moulds, refetch);

  const [organisation, setOrganisation] = useState<{ companyId?: number; groupId?: number }>({});
  const [stateFilter, setStateFilter] = useState<MapFilters['state']>();
  const [online, setOnline] = useState<boolean>();
  const [search, setSearch] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const inViewList = useRef<MouldsInViewHandle>(null);
  const showInView = useCallback((ids: number[]) => inViewList.current?.show(ids), []);
  const [focus, setFocus] = useState<{ point: LatLng; seq: number } | null>(null);
  const [tilesUnavailable, setTilesUnavailable] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [accessPointsOpen, setAccessPointsOpen] = useState(false);
  const [track, setTrack] = useState<LatLng[] | null>(null);
  const [manual, setManual] = useState<(LatLng & { label?: string; picking: boolean }) | null>(null);
  const setPosition = useSetManualPosition();
  const clearPosition = useClearManualPosition();

  const filtered = useMemo(() => {
    const filters: MapFilters = { ...organisation, state: stateFilter, online };
    return [...moulds.values()].filter((mould) => passes(mould, filters));
  }, [moulds, organisation, stateFilter, online]);
  const selected = selectedId === null ? undefined : moulds.get(selectedId);
  const found = useMemo(() => searchMoulds(filtered, search), [filtered, search]);
  const flyTo = (mould: MapMould) => {
    setSelectedId(mould.id);
    setFocus((previous) => ({ point: { lat: mould.lat, lng: mould.lng }, seq: (previous?.seq ?? 0) + 1 }));
  };
  const openDetails = (mould: MapMould) => {
    selectMould({ id: mould.id, name: mould.name, mold_number: mould.moldNumber }, mould.id);
    void navigate(mouldFactsPath(mould.id));
  };
  const saveManual = (position: ManualPosition) => {
    if (!selected) return;
    setPosition.mutate(
      { moldId: selected.id, position },
      {
        onSuccess: () => {
          toast.success(t('saved'));
          setManual(null);
        },
      },
    );
  };
  const clearManual = (mould: MapMould) =>
    clearPosition.mutate(mould.id, { onSuccess: () => toast.success(t('cleared')) });
  const onTrack = useCallback((points: LatLng[] | null) => setTrack(points), []);
  const pick = useCallback(
    (point: LatLng) => setManual((previous) => ({ label: previous?.label, ...point, picking: false })),
    [],
  );

  if (query.isError && !query.data) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('loadFailed')}
        action={<Button onClick={refetch}>{t('retry')}</Button>}
        data-testid="map-error"
      />
    );
  }

  return (
    <div className="mw-map-screen" data-testid="map-screen">
      <h1 className="mw-visually-hidden">{title}</h1>
      <div className="mw-map-toolbar">
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('company')}
          value={organisation.companyId}
          onChange={(companyId) => setOrganisation({ companyId })}
          options={(query.data?.companies ?? []).map(([id, name]) => ({ value: id, label: name }))}
          className="mw-map-filter"
          data-testid="map-filter-company"
        />
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('group')}
          value={organisation.groupId}
          onChange={(groupId) => setOrganisation({ ...organisation, groupId })}
          options={(query.data?.groups ?? [])
            .filter(([, , companyId]) => organisation.companyId === undefined || companyId === organisation.companyId)
            .map(([id, name]) => ({ value: id, label: name }))}
          className="mw-map-filter"
          data-testid="map-filter-group"
        />
        <Select
          allowClear
          placeholder={t('state')}
          value={stateFilter}
          onChange={setStateFilter}
          options={STATE_FILTERS.map((state) => ({ value: state, label: glossary[state] }))}
          className="mw-map-filter"
          data-testid="map-filter-state"
        />
        <Select<'online' | 'offline'>
          allowClear
          placeholder={t('connection')}
          value={online === undefined ? undefined : online ? 'online' : 'offline'}
          onChange={(value) => setOnline(value === undefined ? undefined : value === 'online')}
          options={[
            { value: 'online', label: glossary.online },
            { value: 'offline', label: glossary.offline },
          ]}
          className="mw-map-filter"
          data-testid="map-filter-online"
        />
        <AutoComplete
          className="mw-map-search"
          value={search}
          onChange={setSearch}
          placeholder={t('searchPlaceholder')}
          notFoundContent={search.trim() ? t('noMatch') : null}
          options={found.map((mould) => ({ value: String(mould.id), label: `${mould.name} · ${mould.moldNumber}` }))}
          onSelect={(value: string) => {
            const mould = moulds.get(Number(value));
            setSearch('');
            if (mould) flyTo(mould);
          }}
          data-testid="map-search"
        />
        {actions.can('edit') && (
          <Button onClick={() => setAccessPointsOpen(true)} data-testid="map-access-points">
            {t('accessPoints')}
          </Button>
        )}
      </div>
      {manual?.picking && <Alert type="info" showIcon title={t('picking')} className="mw-map-notice" />}
      {tilesUnavailable && (
        <Alert
          type="warning"
          showIcon
          title={t('tilesUnavailable')}
          className="mw-map-notice"
          data-testid="map-tiles-unavailable"
        />
      )}
      {query.isSuccess && query.data.moulds.length === 0 && (
        <Alert type="info" showIcon title={t('empty')} className="mw-map-notice" />
      )}
      <div className="mw-map-body">
        <div className={`mw-map-area${tilesUnavailable ? ' mw-map-plain' : ''}`}>
          <MouldMap
            variant={variant}
            tiles={config.data?.[variant === 1 ? 'china' : 'global']}
            moulds={filtered}
            selectedId={selectedId}
            onSelect={setSelectedId}
            onView={showInView}
            focus={focus}
            onPick={manual?.picking ? pick : undefined}
            track={historyOpen ? track : null}
            onTilesUnavailable={setTilesUnavailable}
          />
          <MapLegend />
          {query.isLoading && (
            <div className="mw-map-loading" role="status" data-testid="map-loading">
              {t('loading')}
            </div>
          )}
        </div>
        <aside className="mw-map-side">
          {selected ? (
            <MouldFacts
              mould={selected}
              canEdit={actions.can('edit')}
              onDetails={() => openDetails(selected)}
              onHistory={() => setHistoryOpen(true)}
              onSetPosition={() =>
                setManual({
                  lat: selected.lat,
                  lng: selected.lng,
                  label: selected.source === 'manual' ? selected.label : '',
                  picking: false,
                })
              }
              onClearManual={() => clearManual(selected)}
              onClose={() => setSelectedId(null)}
            />
          ) : null}
          <MouldsInView ref={inViewList} moulds={moulds} selectedId={selectedId} onChoose={flyTo} />
        </aside>
      </div>
      <Suspense fallback={null}>
        {accessPointsOpen && (
          <AccessPointsDrawer
            canAdd={actions.can('add')}
            canDelete={actions.can('delete')}
            onClose={() => setAccessPointsOpen(false)}
          />
        )}
        {historyOpen && selected && (
          <LocationHistoryDrawer
            moldId={selected.id}
            name={selected.name}
            canExport={actions.can('export')}
            onTrack={onTrack}
            onClose={() => setHistoryOpen(false)}
          />
        )}
        {manual && !manual.picking && selected && (
          <ManualPositionModal
            name={selected.name}
            initial={manual}
            saving={setPosition.isPending}
            onSave={saveManual}
            onPick={() => setManual({ ...manual, picking: true })}
            onCancel={() => setManual(null)}
          />
        )}
      </Suspense>
    </div>
  );
}
