import { describe, expect, it } from 'vitest';
import type { MapMouldRow } from '@mouldwatch/shared';
import { applyPositions, fromRow, iconKind, passes, searchMoulds, toDrawn } from './mapModel';

const row = (id: number, name: string, extra: Partial<Record<number, unknown>> = {}): MapMouldRow => {
  const base: MapMouldRow = [id, name, `MN-${id}`, 1, 10, 'run', 1, 31.23, 121.47, 0, null, 90, 1_700_000_000, ''];
  for (const [index, value] of Object.entries(extra)) (base as unknown[])[Number(index)] = value;
  return base;
};

describe('map model', () => {
  it('reads compact rows', () => {
    expect(fromRow(row(1, 'A', { 9: 1, 10: 40 }))).toMatchObject({ id: 1, source: 'wifi', accuracy: 40, online: true });
    expect(fromRow(row(2, 'B', { 9: 2, 13: 'Bay 3' }))).toMatchObject({ source: 'manual', label: 'Bay 3' });
  });

  it("drops a manual position's label once a live fix replaces it", () => {
    const moulds = new Map([[2, fromRow(row(2, 'B', { 9: 2, 13: 'Bay 3' }))]]);
    applyPositions(moulds, [[2, 31.24, 121.48, 2, null, 1_700_000_500]]);
    expect(moulds.get(2)).toMatchObject({ source: 'manual', label: 'Bay 3' });
    applyPositions(moulds, [[2, 31.25, 121.48, 0, null, 1_700_000_500]]);
    expect(moulds.get(2)).toMatchObject({ source: 'gps', label: '' });
  });

  it('filters by company, group, state class and connection', () => {
    const mould = fromRow(row(1, 'A', { 5: 'stby', 6: 0 }));
    expect(passes(mould, { state: 'idle' })).toBe(true);
    expect(passes(mould, { state: 'run' })).toBe(false);
    expect(passes(mould, { online: false, companyId: 1, groupId: 10 })).toBe(true);
    expect(passes(mould, { companyId: 2 })).toBe(false);
  });

  it('searches name and mould no, exact and prefix first', () => {
    const moulds = [fromRow(row(1, 'Cap 12')), fromRow(row(2, 'Cap')), fromRow(row(3, 'Big cap'))];
    expect(searchMoulds(moulds, 'cap').map((mould) => mould.id)).toEqual([2, 1, 3]);
    expect(searchMoulds(moulds, 'mn-3').map((mould) => mould.id)).toEqual([3]);
    expect(searchMoulds(moulds, '  ')).toEqual([]);
  });

  it('applies live positions to known moulds only', () => {
    const moulds = new Map([[1, fromRow(row(1, 'A'))]]);
    expect(applyPositions(moulds, [[2, 1, 1, 0, null, 1_700_000_500]])).toBe(false);
    expect(applyPositions(moulds, [[1, 5, 6, 2, null, 1_700_000_500]])).toBe(true);
    expect(moulds.get(1)).toMatchObject({ lat: 5, lng: 6, source: 'manual', located: 1_700_000_500 });
  });

  it('draws provider 1 in GCJ-02 and provider 2 as is', () => {
    const point = { lat: 22.5431, lng: 114.0579 };
    expect(toDrawn(2, point)).toEqual(point);
    expect(toDrawn(1, point).lng).toBeGreaterThan(point.lng + 0.004);
  });

  it('chooses the icon by selection, connection and state', () => {
    const mould = fromRow(row(1, 'A'));
    expect(iconKind(mould, true)).toBe('selected');
    expect(iconKind(mould, false)).toBe('running');
    expect(iconKind({ ...mould, online: false }, false)).toBe('offline');
    expect(iconKind({ ...mould, state: 'idle' }, false)).toBe('stopped');
  });
});
