import { describe, expect, it } from 'vitest';
import { DEVICE_EVENTS, EARLIEST_TS, deviceMessageSchema, parseDeviceMessage } from './protocol.js';

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

describe('the common-message check beside the schema', () => {
  /** A seeded generator (mulberry32): the same messages at every run. */
  function randomOf(seed: number) {
    let state = seed;
    return () => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    };
  }
  const ABSENT = Symbol('absent');
  /** Per key: values the schema accepts, then values it refuses (or, for gps and wifi, leaves to itself). */
  const seconds = [
    [ABSENT, null, 0, 30.5, 86_400],
    [86_400.1, -0.1, 'x', Number.NaN, Number.POSITIVE_INFINITY],
  ];
  const temperatures = (count: number) => {
    const ok = Array.from({ length: count }, (_, index) => 40 + index);
    return [
      [ABSENT, null, ok, [...ok.slice(1), null], [...ok.slice(1), 1000], [...ok.slice(1), -100]],
      [
        [...ok.slice(1), 1000.5],
        [...ok.slice(1), -100.1],
        [...ok.slice(1), 'hot'],
        [...ok.slice(1), undefined],
        ok.slice(1),
        [...ok, 1],
        'x',
        {},
      ],
    ];
  };
  const pools: Record<string, unknown[][]> = {
    seq: [
      [0, 1, 41, -0, Number.MAX_SAFE_INTEGER],
      [2 ** 53, -1, 1.5, '41', null, ABSENT, Number.NaN],
    ],
    ts: [
      [EARLIEST_TS, NOW, NOW + 600],
      [NOW + 601, EARLIEST_TS - 1, NOW + 0.5, '1', null, ABSENT],
    ],
    counter: [
      [ABSENT, 0, 1_000_000_000],
      [1_000_000_001, -1, 2.5, null, '3'],
    ],
    cycle_time: seconds,
    open_time: seconds,
    close_time: seconds,
    mold_temp: temperatures(4),
    hrs_temp: temperatures(6),
    current: [
      [ABSENT, null, 0, 12.5, 10_000],
      [10_000.01, -1, 'x'],
    ],
    battery: [
      [ABSENT, null, 0, 100, 50.5],
      [101, -1],
    ],
    event: [
      [ABSENT, ...DEVICE_EVENTS],
      ['explode', null, 1],
    ],
    gps: [[ABSENT], [null, { lat: 31.2, lng: 121.5 }, { lat: 91, lng: 0 }]],
    wifi: [[ABSENT], [null, [{ bssid: 'AA:BB:CC:DD:EE:FF', rssi: -60 }]]],
    extra: [[ABSENT], [1]],
  };

  function randomInput(random: () => number): unknown {
    const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
    const roll = random();
    if (roll < 0.02) return pick([null, 'text', 42, [valid], undefined]);
    const input: Record<string, unknown> = {};
    for (const [key, [accepted, other]] of Object.entries(pools)) {
      const value = pick(random() < 0.95 ? accepted! : other!);
      if (value !== ABSENT) input[key] = value;
    }
    // A key JSON makes an own property, which an object literal would not.
    return roll < 0.04 ? JSON.parse(`{"__proto__": 1, ${JSON.stringify(input).slice(1)}`) : input;
  }

  it('accepts what the schema accepts, as the schema gives it, and refuses with its reasons', () => {
    const random = randomOf(23);
    let checkedByHand = 0;
    for (let round = 0; round < 20_000; round += 1) {
      const input = randomInput(random);
      const result = parseDeviceMessage(input, NOW);
      const schema = deviceMessageSchema.safeParse(input);
      const expected = !schema.success
        ? `${schema.error.issues[0]?.path.join('.') || 'message'}: ${schema.error.issues[0]?.message}`
        : schema.data.ts > NOW + 600
          ? 'ahead'
          : 'ok';
      const answer = result.ok ? 'ok' : result.reason.includes('ahead of the server clock') ? 'ahead' : result.reason;
      expect([round, answer]).toEqual([round, expected]);
      if (result.ok) {
        expect(result.message).toEqual(schema.success ? schema.data : undefined);
        // Only the check by hand hands the input on as it is; the schema copies it.
        if (result.message === input) checkedByHand += 1;
      }
    }
    expect(checkedByHand).toBeGreaterThan(2000);
  });
});
