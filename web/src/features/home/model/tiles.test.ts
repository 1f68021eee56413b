import { describe, expect, it } from 'vitest';
import type { MoldState } from '@mouldwatch/shared';
import { countTiles, inTile } from './tiles';

const mould = (state: MoldState, online = state !== 'off') => ({ state, online });

describe('state tiles', () => {
  const moulds = [
    mould('run'),
    mould('run'),
    mould('stby'),
    mould('idle'),
    mould('alarm'),
    mould('stop'),
    mould('off'),
  ];

  it('counts moulds per state class, standby on the idle tile, and per connection', () => {
    expect(countTiles(moulds)).toEqual({ all: 7, run: 2, idle: 2, alarm: 1, stop: 1, off: 1, online: 6, offline: 1 });
    expect(countTiles([])).toMatchObject({ all: 0, run: 0, offline: 0 });
  });

  it('narrows to a tile', () => {
    expect(moulds.filter((item) => inTile(item, 'idle')).map((item) => item.state)).toEqual(['stby', 'idle']);
    expect(moulds.filter((item) => inTile(item, 'offline'))).toEqual([mould('off')]);
    expect(moulds.filter((item) => inTile(item, 'all'))).toHaveLength(7);
  });
});
