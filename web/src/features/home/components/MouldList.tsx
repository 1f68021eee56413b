import { useMemo, useRef } from 'react';
import { temperatureUnitLabel } from '@mouldwatch/shared';
import type { HomeMould } from '../api/getMoulds';
import { useWatchedMoulds } from '../live';
import type { DisplayContext } from './MouldFigures';
import { MouldItem, MouldPlaceholder, type ListView, type MouldItemProps } from './MouldItem';
import { useDrawnLines } from './useDrawnLines';
import { useLineWindow } from './useLineWindow';
import type { SortableParts } from './useSortableParts';

const ROW_HEIGHT = 52;
const HEADER_HEIGHT = 36;
const CARD_HEIGHT = 224;
const CARD_MIN_WIDTH = 290;
const GAP = 12;
/** Lines drawn beyond the visible ones, each way: a line of cards is as tall as several rows. */
const OVERSCAN = { cards: 1, rows: 4 } as const;
/** Moulds drawn in full per frame at most (at least a line): a line of four cards is about 10 ms on a 2-core machine. */
const MOULDS_PER_FRAME = 5;

export interface MouldListProps extends Omit<MouldItemProps, 'mould'> {
  moulds: HomeMould[];
  view: ListView;
  /** The mould shown at `from` was dropped at `to`. */
  onMove(from: number, to: number): void;
  /** Drag and drop, while the user reorders. */
  sortable?: SortableParts;
}

/**
 * The moulds as cards or rows, drawn only where they are on screen so that 10,000 scroll smoothly;
 * while reordering, dragging a mould by its handle moves it.
 */
export function MouldList({ moulds, view, onMove, sortable, ...itemProps }: MouldListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The rows' header scrolls with them (sideways too, on a narrow screen), sticking at the top.
  const scrollMargin = view === 'rows' ? HEADER_HEIGHT : 0;
  const { layout, lines, span, totalSize } = useLineWindow(scrollRef, (width) => {
    const columns = view === 'cards' ? Math.max(1, Math.floor((width + GAP) / (CARD_MIN_WIDTH + GAP))) : 1;
    return {
      columns,
      count: Math.ceil(moulds.length / columns),
      lineHeight: view === 'cards' ? CARD_HEIGHT + GAP : ROW_HEIGHT,
      overscan: OVERSCAN[view],
      scrollMargin,
    };
  });
  const { columns } = layout;
  const drawnInFull = useDrawnLines(
    span,
    Math.max(1, Math.floor(MOULDS_PER_FRAME / columns)),
    `${view}:${columns}`,
    // Reordering draws every mould: each is a place to drop on.
    !sortable,
  );
  const ids = useMemo(() => moulds.map((mould) => mould.id), [moulds]);
  const mouldsOf = (line: { index: number }) => moulds.slice(line.index * columns, (line.index + 1) * columns);
  useWatchedMoulds(lines.flatMap((line) => mouldsOf(line).map((mould) => mould.id)));
  const Item = sortable?.SortableMould ?? MouldItem;

  // Reordering puts the canvas in the drag and drop frame; the scrolling box around it stays, and with it the scroll.
  const canvas = (
    <div className="mw-home-canvas" style={{ height: totalSize }}>
      {lines.map((line) => (
        <div
          key={line.index}
          className={view === 'cards' ? 'mw-home-card-line' : 'mw-home-row-line'}
          style={{
            transform: `translateY(${line.start - scrollMargin}px)`,
            height: view === 'cards' ? CARD_HEIGHT : ROW_HEIGHT,
            gridTemplateColumns: view === 'cards' ? `repeat(${columns}, minmax(0, 1fr))` : undefined,
          }}
        >
          {mouldsOf(line).map((mould) =>
            drawnInFull(line.index) ? (
              <Item key={mould.id} view={view} mould={mould} {...itemProps} />
            ) : (
              <MouldPlaceholder key={mould.id} view={view} mould={mould} />
            ),
          )}
        </div>
      ))}
    </div>
  );
  return (
    <div ref={scrollRef} className={`mw-home-scroll mw-home-scroll-${view}`} data-testid="mould-list">
      {view === 'rows' ? <RowsHeader display={itemProps.display} /> : null}
      {sortable ? (
        <sortable.SortableFrame ids={ids} view={view} onMove={onMove}>
          {canvas}
        </sortable.SortableFrame>
      ) : (
        canvas
      )}
    </div>
  );
}

const ROW_COLUMNS = [
  'mould',
  'state',
  'connection',
  'cycleTime',
  'counter',
  'pm',
  'mouldTemp',
  'hotRunner',
  'lastConnect',
] as const;

/** Columns whose cells leave the unit to the header. */
const TEMPERATURE_COLUMNS: ReadonlySet<string> = new Set(['mouldTemp', 'hotRunner']);

function RowsHeader({ display }: { display: DisplayContext }) {
  const unit = ` (${temperatureUnitLabel(display.unit)})`;
  return (
    <div className="mw-home-row mw-home-rows-header" role="presentation">
      <span />
      <span />
      {ROW_COLUMNS.map((column) => (
        <span key={column}>
          {display.t(`home.columns.${column}`)}
          {TEMPERATURE_COLUMNS.has(column) ? unit : null}
        </span>
      ))}
    </div>
  );
}
