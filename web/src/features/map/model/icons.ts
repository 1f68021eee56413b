import { STATUS_PALETTE, stateColour, type LocationSource, type MoldState } from '@mouldwatch/shared';
import type { IconKind } from './mapModel';

/**
 * The spec's map icons (§4) as small inline SVGs: running, offline, selected; GPS, WiFi and manual
 * variants; multiple. A pin is drawn in its mould's state colour, the one the home list, the tiles
 * and the charts use (an offline mould is off); the selected one in the console's blue.
 */
const SELECTED_FILL = '#1677ff';

/** The off colour is a light grey: the mark inside its pin is drawn dark so that it stays readable. */
const glyphInk = (kind: IconKind, state: MoldState) =>
  kind !== 'selected' && state === 'off' ? STATUS_PALETTE.grey : '#fff';

/** The source's mark inside the pin: a satellite crosshair (GPS), radio arcs (WiFi), a hand-set square (manual). */
const GLYPH: Record<LocationSource, (ink: string) => string> = {
  gps: (ink) =>
    `<circle cx="12" cy="11" r="3.2" fill="none" stroke="${ink}" stroke-width="1.6"/><path d="M12 5.5v2.3M12 14.2v2.3M6.5 11h2.3M15.2 11h2.3" stroke="${ink}" stroke-width="1.6"/>`,
  wifi: (ink) =>
    `<path d="M7.2 9.6a6.8 6.8 0 0 1 9.6 0M9 11.6a4.2 4.2 0 0 1 6 0" fill="none" stroke="${ink}" stroke-width="1.6" stroke-linecap="round"/><circle cx="12" cy="14" r="1.4" fill="${ink}"/>`,
  manual: (ink) =>
    `<rect x="8.5" y="7.5" width="7" height="7" rx="1" fill="none" stroke="${ink}" stroke-width="1.6"/><circle cx="12" cy="11" r="1.2" fill="${ink}"/>`,
};

const cache = new Map<string, string>();

/** The marker's HTML: a pin in its mould's state colour, or blue when selected. */
export function markerHtml(kind: IconKind, state: MoldState, source: LocationSource): string {
  const key = `${kind}:${state}:${source}`;
  let html = cache.get(key);
  if (!html) {
    const fill = kind === 'selected' ? SELECTED_FILL : stateColour(state);
    const size = kind === 'selected' ? 34 : 26;
    html =
      `<svg class="mw-map-pin mw-map-pin-${kind}" data-source="${source}" width="${size}" height="${Math.round(size * 1.3)}" viewBox="0 0 24 31" aria-hidden="true">` +
      `<path d="M12 30s10-11.2 10-18.6A10 10 0 0 0 2 11.4C2 18.8 12 30 12 30z" fill="${fill}" stroke="#fff" stroke-width="1.5"/>` +
      `${GLYPH[source](glyphInk(kind, state))}</svg>`;
    cache.set(key, html);
  }
  return html;
}

export const clusterSize = (count: number) => (count < 10 ? 30 : count < 100 ? 36 : count < 1000 ? 42 : 48);

/** Several moulds close together ("multiple"): a disc with their number. */
export function clusterHtml(count: number): string {
  const size = clusterSize(count);
  const label = count < 10_000 ? String(count) : `${Math.floor(count / 1000)}k`;
  return `<div class="mw-map-cluster" style="width:${size}px;height:${size}px;line-height:${size}px">${label}</div>`;
}
