import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import Supercluster, { type ClusterProperties } from 'supercluster';
import { gcj02ToWgs84, type LatLng, type TileLayerConfig } from '@mouldwatch/shared';
import { clusterHtml, clusterSize, markerHtml } from '../model/icons';
import { HISTORY_DRAWER_HEIGHT, iconKind, toDrawn, type IconKind, type MapMould } from '../model/mapModel';

export interface MouldMapProps {
  variant: 1 | 2;
  /** Undefined while the configuration loads; an empty url: no tiles. */
  tiles: TileLayerConfig | undefined;
  moulds: readonly MapMould[];
  selectedId: number | null;
  onSelect(id: number): void;
  /** The moulds drawn inside the view after each move (ids). */
  onView(ids: number[]): void;
  /** A point to fly to (WGS-84); `seq` changes for each request. */
  focus: { point: LatLng; seq: number } | null;
  /** While set, a click on the map picks a position (answered in WGS-84). */
  onPick?: (point: LatLng) => void;
  /** A track to draw (WGS-84, oldest first). */
  track: readonly LatLng[] | null;
  onTilesUnavailable(unavailable: boolean): void;
}

/** Point features carry the mould's index in the drawn list. */
type Props = { index: number };
/** Failed tiles with none loaded before the map says the tiles are unavailable. */
const FAILED_TILES_LIMIT = 4;
const CLUSTER_MAX_ZOOM = 16;
const DRAW_START_MARK = 'mw-map-draw-start';

/**
 * A fly of 1.2 s (Leaflet's own from the world view down to a mould takes about 6 s, a wait for the
 * user); none at all for a user who asked for less motion.
 */
const flyOptions = (): L.ZoomPanOptions => ({
  duration: 1.2,
  animate: !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches,
});
/** The performance measure of the first draw of the moulds (read by the 10,000-mould browser test). */
export const FIRST_DRAW_MEASURE = 'mw-map-first-draw';

/**
 * The Leaflet map: clusters from supercluster for the view only (a few hundred markers at most, even
 * with 10,000 moulds), redrawn when a move ends, never during it.
 */
export function MouldMap(props: MouldMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const markers = useRef<L.LayerGroup | null>(null);
  const trackLayer = useRef<L.LayerGroup | null>(null);
  const index = useRef<Supercluster<Props> | null>(null);
  const drawn = useRef<Array<{ mould: MapMould; point: LatLng }>>([]);
  /** The markers on the map by what they show; a cluster's key holds its index's generation. */
  const shown = useRef(new Map<string, L.Marker>());
  const indexGeneration = useRef(0);
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  const render = () => {
    const instance = map.current;
    if (!instance || !index.current || !markers.current) return;
    const bounds = instance.getBounds();
    const zoom = Math.round(instance.getZoom());
    const bbox: [number, number, number, number] = [
      Math.max(-180, bounds.getWest()),
      Math.max(-85, bounds.getSouth()),
      Math.min(180, bounds.getEast()),
      Math.min(85, bounds.getNorth()),
    ];
    const features = index.current.getClusters(bbox, zoom);
    const layer = markers.current;
    const { selectedId } = latest.current;
    const next = new Map<string, L.Marker>();
    for (const feature of features) {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      const properties = feature.properties as Partial<ClusterProperties> & Partial<Props>;
      if (properties.cluster) {
        const key = `c:${indexGeneration.current}:${properties.cluster_id}`;
        const expand = () => {
          const expansion = index.current?.getClusterExpansionZoom(properties.cluster_id ?? 0) ?? zoom + 2;
          instance.flyTo([lat, lng], Math.min(expansion, 18), flyOptions());
        };
        next.set(key, shown.current.get(key) ?? clusterMarker({ lat, lng }, properties.point_count ?? 0, expand));
        continue;
      }
      const entry = drawn.current[properties.index ?? -1];
      if (!entry) continue;
      const { mould } = entry;
      const kind = iconKind(mould, mould.id === selectedId);
      const key = `m:${mould.id}:${lat}:${lng}:${kind}:${mould.state}:${mould.source}:${mould.name}`;
      const select = () => latest.current.onSelect(mould.id);
      next.set(key, shown.current.get(key) ?? mouldMarker({ lat, lng }, mould, kind, select));
    }
    // Markers still in view stay as they are: a pan draws only those coming into view.
    for (const [key, marker] of shown.current) if (!next.has(key)) layer.removeLayer(marker);
    for (const [key, marker] of next) if (!shown.current.has(key)) layer.addLayer(marker);
    shown.current = next;
    // The side list: the moulds drawn inside the view.
    const ids: number[] = [];
    for (const { mould, point } of drawn.current) if (bounds.contains([point.lat, point.lng])) ids.push(mould.id);
    latest.current.onView(ids);
  };

  // The map, once.
  useEffect(() => {
    if (!container.current) return;
    const instance = L.map(container.current, {
      center: [30, 110],
      zoom: 3,
      worldCopyJump: true,
      preferCanvas: true,
      // No fade-in of new tiles: while tiles fade, the zoom levels a fly passed stay drawn under them,
      // scaled up to thousands of times their size and with an opacity. A browser drawing in software
      // (no GPU: a thin client, a virtual machine) took 3–9 s a frame for each such level.
      fadeAnimation: false,
    });
    map.current = instance;
    markers.current = L.layerGroup().addTo(instance);
    trackLayer.current = L.layerGroup().addTo(instance);
    instance.on('moveend', render);
    // A region that is changing says so (aria-busy): assistive technology waits for the move to end,
    // and so do the browser tests.
    const canvas = container.current;
    instance.on('movestart', () => canvas.setAttribute('aria-busy', 'true'));
    instance.on('moveend', () => canvas.removeAttribute('aria-busy'));
    instance.on('click', (event: L.LeafletMouseEvent) => {
      const pick = latest.current.onPick;
      if (!pick) return;
      const point = { lat: event.latlng.lat, lng: L.Util.wrapNum(event.latlng.lng, [-180, 180], true) };
      pick(latest.current.variant === 1 ? gcj02ToWgs84(point) : point);
    });
    const observer = new ResizeObserver(() => instance.invalidateSize());
    observer.observe(container.current);
    return () => {
      observer.disconnect();
      instance.remove();
      map.current = null;
      shown.current = new Map();
    };
  }, []);

  // Tiles of the provider.
  const { tiles, variant } = props;
  useEffect(() => {
    const instance = map.current;
    if (!instance || !tiles) return;
    if (!tiles.url) {
      latest.current.onTilesUnavailable(true);
      return;
    }
    latest.current.onTilesUnavailable(false);
    let failed = 0;
    let loaded = 0;
    const layer = L.tileLayer(tiles.url, {
      subdomains: tiles.subdomains || 'abc',
      attribution: tiles.attribution,
      maxZoom: 18,
      crossOrigin: false,
    });
    layer.on('tileload', () => {
      loaded += 1;
      latest.current.onTilesUnavailable(false);
    });
    layer.on('tileerror', () => {
      failed += 1;
      if (loaded === 0 && failed >= FAILED_TILES_LIMIT) latest.current.onTilesUnavailable(true);
    });
    layer.addTo(instance);
    return () => {
      layer.remove();
    };
  }, [tiles, variant]);

  // The index of the moulds, in the provider's datum.
  const { moulds } = props;
  const fitted = useRef(false);
  useEffect(() => {
    const first = !fitted.current && moulds.length > 0;
    if (first) performance.mark(DRAW_START_MARK);
    drawn.current = moulds.map((mould) => ({ mould, point: toDrawn(variant, mould) }));
    const cluster = new Supercluster<Props>({ radius: 60, maxZoom: CLUSTER_MAX_ZOOM });
    cluster.load(
      drawn.current.map(({ point }, i) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [point.lng, point.lat] },
        properties: { index: i },
      })),
    );
    index.current = cluster;
    indexGeneration.current += 1;
    const instance = map.current;
    if (instance && !fitted.current && drawn.current.length > 0) {
      fitted.current = true;
      const bounds = L.latLngBounds(drawn.current.map(({ point }) => [point.lat, point.lng] as [number, number]));
      instance.fitBounds(bounds, { padding: [40, 40], maxZoom: 15, animate: false });
    }
    render();
    // The first draw of the moulds (index, fit, markers) as a measure the browser tests read.
    if (first) performance.measure(FIRST_DRAW_MEASURE, DRAW_START_MARK);
  }, [moulds, variant]);

  const { selectedId } = props;
  useEffect(() => {
    render();
  }, [selectedId]);

  const { focus } = props;
  useEffect(() => {
    if (!focus || !map.current) return;
    const point = toDrawn(variant, focus.point);
    map.current.flyTo([point.lat, point.lng], Math.max(map.current.getZoom(), 17), flyOptions());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focus]);

  const { track } = props;
  useEffect(() => {
    const layer = trackLayer.current;
    if (!layer || !map.current) return;
    layer.clearLayers();
    if (!track || track.length === 0) return;
    const points = track.map((point) => {
      const shown = toDrawn(variant, point);
      return [shown.lat, shown.lng] as [number, number];
    });
    L.polyline(points, { color: '#1677ff', weight: 3, opacity: 0.8 }).addTo(layer);
    for (const point of points) L.circleMarker(point, { radius: 4, color: '#1677ff', fillOpacity: 1 }).addTo(layer);
    map.current.fitBounds(L.latLngBounds(points), {
      paddingTopLeft: [40, 40],
      paddingBottomRight: [40, 40 + coveredByHistory(map.current.getContainer())],
      maxZoom: 17,
    });
  }, [track, variant]);

  return (
    <div
      ref={container}
      className={`mw-map-canvas${props.onPick ? ' mw-map-picking' : ''}`}
      data-testid="map-canvas"
      data-variant={variant}
    />
  );
}

function clusterMarker(at: LatLng, count: number, onClick: () => void): L.Marker {
  const size = clusterSize(count);
  const marker = L.marker([at.lat, at.lng], {
    icon: L.divIcon({ html: clusterHtml(count), className: 'mw-map-cluster-icon', iconSize: [size, size] }),
    keyboard: false,
  });
  return marker.on('click', onClick);
}

function mouldMarker(at: LatLng, mould: MapMould, kind: IconKind, onClick: () => void): L.Marker {
  const selected = kind === 'selected';
  const size = selected ? 34 : 26;
  const marker = L.marker([at.lat, at.lng], {
    icon: L.divIcon({
      html: markerHtml(kind, mould.state, mould.source),
      className: `mw-map-marker mw-map-marker-${kind}`,
      iconSize: [size, Math.round(size * 1.3)],
      iconAnchor: [size / 2, Math.round(size * 1.3)],
    }),
    title: mould.name,
    zIndexOffset: selected ? 1000 : 0,
  });
  return marker.on('click', onClick);
}

/** How much of the map the history drawer covers at the bottom of the window (at most 60 % of it). */
function coveredByHistory(element: HTMLElement): number {
  const box = element.getBoundingClientRect();
  const covered = box.bottom - (window.innerHeight - HISTORY_DRAWER_HEIGHT);
  return Math.max(0, Math.min(covered, box.height * 0.6));
}
