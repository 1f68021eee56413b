import { describe, expect, it } from 'vitest';
import { EARLIEST_TS, parseDeviceMessage } from './protocol.js';

const NOW = 1_800_000_000;
const valid = {
  seq: 41,
  ts: NOW - 5,
  counter: 120_431,
  cycle_time: 32.4,
  open_time: 4.1,
  close_time: 27.9,
  mold_temp: [45.2, 46.0, null, 44.8],
  hrs_temp: [230, 231.5, 229.8, null, null, 232],
  current: 12.5,
  battery: 87,
  gps: { lat: 31.23, lng: 121.47 },
  event: 'cycle',
};
const reasonFor = (input: unknown) => {
  const result = parseDeviceMessage(input, NOW);
  return result.ok ? 'ok' : result.reason;
};

describe('device message', () => {
  it('accepts a full message and a bare heartbeat', () => {
    expect(reasonFor(valid)).toBe('ok');
    expect(reasonFor({ seq: 0, ts: NOW, event: 'heartbeat' })).toBe('ok');
    expect(reasonFor({ ...valid, gps: null, wifi: [{ bssid: 'AA:bb:01:02:03:04', rssi: -60 }] })).toBe('ok');
  });

  it.each([
    [{ ...valid, seq: undefined }, 'seq'],
    [{ ...valid, seq: -1 }, 'seq'],
    [{ ...valid, seq: 1.5 }, 'seq'],
    [{ ...valid, seq: '41' }, 'seq'],
    [{ ...valid, ts: EARLIEST_TS - 1 }, 'ts'],
    [{ ...valid, ts: NOW + 601 }, 'ts: 1800000601 is more than 600 s ahead'],
    [{ ...valid, ts: 1.7e12 }, 'ts'],
    [{ ...valid, counter: -3 }, 'counter'],
    [{ ...valid, cycle_time: -1 }, 'cycle_time'],
    [{ ...valid, cycle_time: 'fast' }, 'cycle_time'],
    [{ ...valid, open_time: 90_000 }, 'open_time'],
    [{ ...valid, close_time: Number.NaN }, 'close_time'],
    [{ ...valid, mold_temp: [1, 2, 3] }, 'mold_temp'],
    [{ ...valid, mold_temp: [1, 2, 3, 'hot'] }, 'mold_temp.3'],
    [{ ...valid, hrs_temp: [1, 2, 3, 4, 5, 2000] }, 'hrs_temp.5'],
    [{ ...valid, current: -0.1 }, 'current'],
    [{ ...valid, battery: 101 }, 'battery'],
    [{ ...valid, gps: { lat: 91, lng: 0 } }, 'gps.lat'],
    [{ ...valid, gps: { lat: 0 } }, 'gps.lng'],
    [{ ...valid, wifi: [{ bssid: 'nope', rssi: -50 }] }, 'wifi.0.bssid'],
    [{ ...valid, wifi: [{ bssid: 'AA:BB:CC:DD:EE:FF', rssi: 5 }] }, 'wifi.0.rssi'],
    [{ ...valid, event: 'explode' }, 'event'],
    [{ ...valid, extra: 1 }, 'message'],
    [null, 'message'],
    ['text', 'message'],
    [[valid], 'message'],
  ])('refuses %j naming %s', (input, field) => {
    expect(reasonFor(input)).toContain(field);
  });
});
