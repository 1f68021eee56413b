import { useTranslation } from 'react-i18next';
import { STATUS_PALETTE, stateColour } from '@mouldwatch/shared';
import { CONNECTION_TILES, STATE_TILES, type Tile, type TileCounts } from '../model/tiles';

const TILE_COLOURS: Record<Tile, string> = {
  all: '#1f6feb',
  run: stateColour('run'),
  idle: stateColour('idle'),
  alarm: stateColour('alarm'),
  stop: stateColour('stop'),
  off: stateColour('off'),
  online: STATUS_PALETTE.green,
  offline: STATUS_PALETTE.grey,
};

interface StateTilesProps {
  counts: TileCounts | undefined;
  numbers: Intl.NumberFormat;
  selected: Tile;
  onSelect(tile: Tile): void;
}

/** How many moulds are in each state and connection; a tile narrows the list to them, again shows all. */
export function StateTiles({ counts, numbers, selected, onSelect }: StateTilesProps) {
  const { t } = useTranslation();
  const tile = (name: Tile) => (
    <button
      key={name}
      type="button"
      className={name === selected ? 'mw-home-tile mw-home-tile-on' : 'mw-home-tile'}
      style={{ borderTopColor: TILE_COLOURS[name] }}
      aria-pressed={name === selected}
      onClick={() => onSelect(name === selected ? 'all' : name)}
      data-testid={`tile-${name}`}
    >
      <span className="mw-home-tile-label">{t(`home.tiles.${name}`)}</span>
      <span className="mw-home-tile-count" data-testid={`tile-count-${name}`}>
        {counts ? numbers.format(counts[name]) : '–'}
      </span>
    </button>
  );
  return (
    <div className="mw-home-tiles" role="group" aria-label={t('home.tiles.label')}>
      {tile('all')}
      {STATE_TILES.map(tile)}
      <span className="mw-home-tiles-gap" />
      {CONNECTION_TILES.map(tile)}
    </div>
  );
}
