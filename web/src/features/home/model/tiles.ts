import type { MoldListItem, MoldState, SlotState } from '@mouldwatch/shared';

/** The state tiles of the home screen: all moulds, each state class, and each connection. */
export const STATE_TILES = ['run', 'idle', 'alarm', 'stop', 'off'] as const satisfies readonly SlotState[];
export const CONNECTION_TILES = ['online', 'offline'] as const;
export type Tile = 'all' | SlotState | (typeof CONNECTION_TILES)[number];
export type TileCounts = Record<Tile, number>;

type TileFacts = Pick<MoldListItem, 'state' | 'online'>;

/** Standby is shown like idle (spec §4), so it counts on the idle tile. */
export const stateClassOf = (state: MoldState): SlotState => (state === 'stby' ? 'idle' : state);

export function inTile(mould: TileFacts, tile: Tile): boolean {
  if (tile === 'all') return true;
  if (tile === 'online' || tile === 'offline') return mould.online === (tile === 'online');
  return stateClassOf(mould.state) === tile;
}

export function countTiles(moulds: readonly TileFacts[]): TileCounts {
  const counts: TileCounts = { all: 0, run: 0, idle: 0, alarm: 0, stop: 0, off: 0, online: 0, offline: 0 };
  for (const mould of moulds) {
    counts.all += 1;
    counts[stateClassOf(mould.state)] += 1;
    counts[mould.online ? 'online' : 'offline'] += 1;
  }
  return counts;
}
