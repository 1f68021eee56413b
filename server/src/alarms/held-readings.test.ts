import { describe, expect, it } from 'vitest';
import type { NewReading } from '../infra/db/schema.js';
import { HeldReadings, mergedByTransaction, type HeldReading } from './held-readings.js';

const row = (seq: number, moldId: number | null = 7): NewReading => ({
  device_id: 1,
  seq,
  ts: new Date(1_700_000_000_123 + seq * 1000),
  mold_id: moldId,
  mold_temp: [60.5, null],
});

const fetchedRow = (xid: string, seq: number): HeldReading => ({
  xid,
  ready: true,
  mold_id: 9,
  ts: 1_700_000_000 + seq,
  seq,
  event: null,
  cycle_time: null,
  open_time: null,
  close_time: null,
  mold_temp: null,
  hrs_temp: null,
  battery: null,
});

describe('HeldReadings', () => {
  it("holds a transaction's readings of moulds as the read-back gives them", () => {
    const held = new HeldReadings(100);
    held.hold('12', [row(1), row(2, null)]);
    expect(held.from('0')).toEqual([
      {
        xid: '12',
        order: 12n,
        readings: [
          {
            xid: '12',
            ready: false,
            mold_id: 7,
            ts: 1_700_000_001.123,
            seq: 1,
            event: null,
            cycle_time: null,
            open_time: null,
            close_time: null,
            mold_temp: [60.5, null],
            hrs_temp: null,
            battery: null,
          },
        ],
      },
    ]);
    expect(held.size).toBe(1);
  });

  it('answers transactions in the order of their ids as numbers, from and below the bounds given', () => {
    const held = new HeldReadings(100);
    for (const xid of ['100', '9', '10', '99']) held.hold(xid, [row(Number(xid))]);
    expect(held.from('0').map(({ xid }) => xid)).toEqual(['9', '10', '99', '100']);
    expect(held.from('10', '100').map(({ xid }) => xid)).toEqual(['10', '99']);
  });

  it('holds a transaction whole or not at all, never past its limit', () => {
    const held = new HeldReadings(3);
    held.hold('1', [row(1), row(2)]);
    held.hold('2', [row(3), row(4)]);
    held.hold('3', [row(5)]);
    expect(held.from('0').map(({ xid, readings }) => [xid, readings.length])).toEqual([
      ['1', 2],
      ['3', 1],
    ]);
    expect(held.size).toBe(3);
  });

  it('drops the transactions below the cursor, making room for new ones', () => {
    const held = new HeldReadings(2);
    held.hold('5', [row(1)]);
    held.hold('6', [row(2)]);
    held.forgetBelow('6');
    held.hold('7', [row(3)]);
    expect(held.from('0').map(({ xid }) => xid)).toEqual(['6', '7']);
    expect(held.size).toBe(2);
  });

  it('ends a run at the first transaction past the limit, counting those held and those not', () => {
    const held = new HeldReadings(3);
    held.hold('10', [row(1), row(2)]);
    held.hold('11', [row(3), row(4)]); // not held: the store is full
    held.hold('12', [row(5)]);
    held.hold('13', [row(6), row(7), row(8)]);
    expect(held.from('0').map(({ xid }) => xid)).toEqual(['10', '12']);
    expect(held.runEnd('0', 4)).toBe('12');
    expect(held.runEnd('0', 5)).toBe('13');
    expect(held.runEnd('11', 5)).toBe('13');
    // All of them fit: the read-back's own limit bounds what is not known here.
    expect(held.runEnd('0', 8)).toBeUndefined();
    expect(held.runEnd('14', 1)).toBeUndefined();
  });

  it('ends a run past its first transaction when that one alone is over the limit', () => {
    const held = new HeldReadings(10);
    held.hold('20', [row(1), row(2), row(3)]);
    held.hold('21', [row(4)]);
    expect(held.runEnd('20', 2)).toBe('21');
  });

  it('forgets the sizes of transactions not held below the cursor', () => {
    const held = new HeldReadings(1);
    held.hold('30', [row(1), row(2)]);
    held.hold('31', [row(3), row(4)]);
    expect(held.runEnd('0', 3)).toBe('31');
    held.forgetBelow('31');
    expect(held.runEnd('0', 1)).toBe('32');
  });
});

describe('mergedByTransaction', () => {
  it('puts the held transactions between the ones read back, in id order, ready below the horizon', () => {
    const held = new HeldReadings(100);
    held.hold('8', [row(1)]);
    held.hold('11', [row(2), row(3)]);
    held.hold('30', [row(4)]);
    const fetched = [fetchedRow('7', 10), fetchedRow('9', 11), fetchedRow('9', 12), fetchedRow('20', 13)];
    const merged = mergedByTransaction(fetched, held.from('0'), 25n);
    expect(merged.map(({ xid, seq, ready }) => [xid, seq, ready])).toEqual([
      ['7', 10, true],
      ['8', 1, true],
      ['9', 11, true],
      ['9', 12, true],
      ['11', 2, true],
      ['11', 3, true],
      ['20', 13, true],
      ['30', 4, false],
    ]);
  });
});
