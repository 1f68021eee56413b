import { describe, expect, it } from 'vitest';
import { deviceMessageSchema, type DeviceMessage } from '@mouldwatch/shared';
import { HEATERS_KEPT_ON_STOP_S, SimulatedDevice, WARM_UP, profileFor, tripPosition } from './device-model.js';

const START = 1_795_000_000;

function simulate(deviceNo: string, steps: number): { device: SimulatedDevice; messages: DeviceMessage[] } {
  const device = new SimulatedDevice(deviceNo, profileFor(deviceNo, 1), START);
  return { device, messages: Array.from({ length: steps }, () => device.step()) };
}

describe('simulated device', () => {
  it('speaks the device protocol: every message validates, seq and ts strictly increase', () => {
    const { messages } = simulate('SIM-0001', 5000);
    for (const message of messages) expect(deviceMessageSchema.safeParse(message).success).toBe(true);
    for (let index = 1; index < messages.length; index += 1) {
      const [previous, current] = [messages[index - 1] as DeviceMessage, messages[index] as DeviceMessage];
      expect(current.seq).toBeGreaterThan(previous.seq);
      expect(current.ts).toBeGreaterThan(previous.ts);
    }
  });

  it('heats up before it cycles, then cycles around its target', () => {
    const { device, messages } = simulate('SIM-0002', 5000);
    expect(messages[0]?.event).toBe('heartbeat');
    const cycles = messages.filter((message) => message.event === 'cycle');
    expect(cycles.length).toBeGreaterThan(3000);
    const target = device.profile.cycleTime;
    const withinFivePercent = cycles.filter((message) => Math.abs((message.cycle_time ?? 0) / target - 1) <= 0.05);
    expect(withinFivePercent.length / cycles.length).toBeGreaterThan(0.8);
    expect(withinFivePercent.length).toBeLessThan(cycles.length); // excursions happen
    const counters = cycles.map((message) => message.counter ?? 0);
    expect(counters[counters.length - 1]! - counters[0]!).toBe(cycles.length - 1);
  });

  it('warms up after heating: its first cycles are slower, then it settles around its cycle', () => {
    const { device, messages } = simulate('SIM-0004', 3000);
    const cycles = messages.filter((message) => message.event === 'cycle');
    const first = cycles[0]!;
    const average = (list: DeviceMessage[]) => list.reduce((sum, m) => sum + (m.cycle_time ?? 0), 0) / list.length;
    const warming = cycles.filter((message) => message.ts - first.ts < WARM_UP.seconds / 3);
    const settled = cycles.filter(
      (message) => message.ts - first.ts > WARM_UP.seconds && message.ts - first.ts < 3 * 3600,
    );
    expect(average(warming) / device.profile.cycleTime).toBeGreaterThan(1.06);
    expect(Math.abs(average(settled) / device.profile.cycleTime - 1)).toBeLessThan(0.05);
  });

  it('idles, stops and powers off now and then, and is the same on every run', () => {
    const { messages } = simulate('SIM-0003', 20_000);
    const events = new Set(messages.map((message) => message.event));
    expect(events).toEqual(new Set(['cycle', 'heartbeat', 'power_off', 'power_on']));
    expect(simulate('SIM-0003', 200).messages).toEqual(messages.slice(0, 200));
  });
});

describe('a simulated stop', () => {
  it('keeps its heaters on at the idle current for its first half hour, then draws nothing until it heats again', () => {
    const device = new SimulatedDevice('SIM-0003', profileFor('SIM-0003', 1), START);
    let last = device.step();
    // Run to the first stop of at least an hour.
    let stopStart: number | undefined;
    const during: DeviceMessage[] = [];
    for (let index = 0; index < 200_000; index += 1) {
      const previous = device.phase;
      last = device.step();
      if (device.phase === 'stopped' && previous !== 'stopped') {
        stopStart = last.ts;
        during.length = 0;
      }
      if (device.phase === 'stopped') during.push(last);
      if (previous === 'stopped' && device.phase !== 'stopped' && during.at(-1)!.ts - stopStart! > 3600) break;
    }
    expect(during.length).toBeGreaterThan(30);
    const running = device.profile.current;
    const early = during.filter((message) => message.ts - stopStart! < HEATERS_KEPT_ON_STOP_S - 60);
    const late = during.filter((message) => message.ts - stopStart! > HEATERS_KEPT_ON_STOP_S + 60);
    expect(early.length).toBeGreaterThan(10);
    expect(late.length).toBeGreaterThan(10);
    for (const message of early) expect(message.current).toBeCloseTo(running * 0.35, 1);
    for (const message of late) expect(message.current).toBe(0);
  });
});

describe('a mould on a trip', () => {
  const HOME = { lat: 22.5, lng: 114 };
  const TOOLMAKER = { lat: 22.6, lng: 114.1 };
  const HOUR = 3600;
  const profile = {
    ...profileFor('SIM-TRIP', 1),
    position: HOME,
    trip: { to: TOOLMAKER, periodSeconds: 10 * HOUR, startsAt: START },
  };

  it('is home for the first half of each round, then travels out, stays, and travels back', () => {
    expect(tripPosition(profile, START + 4 * HOUR)).toEqual({ position: HOME, away: false });
    const halfwayOut = tripPosition(profile, START + 5.5 * HOUR);
    expect(halfwayOut.away).toBe(true);
    expect(halfwayOut.position.lat).toBeCloseTo(22.55, 9);
    expect(halfwayOut.position.lng).toBeCloseTo(114.05, 9);
    expect(tripPosition(profile, START + 7 * HOUR)).toEqual({ position: TOOLMAKER, away: true });
    const quarterBack = tripPosition(profile, START + 9.25 * HOUR);
    expect(quarterBack.position.lat).toBeCloseTo(22.575, 9);
    // The next round, and a clock before the first one, are the same rounds.
    expect(tripPosition(profile, START + 15.5 * HOUR)).toEqual(halfwayOut);
    expect(tripPosition(profile, START - 4.5 * HOUR)).toEqual(halfwayOut);
    expect(tripPosition({ ...profile, trip: undefined }, START + 7 * HOUR)).toEqual({ position: HOME, away: false });
  });

  it('powers off to leave, reports its position on the way, and powers on once home', () => {
    const device = new SimulatedDevice('SIM-TRIP', profile, START);
    const messages: DeviceMessage[] = [];
    while (device.clock < START + 10 * HOUR) messages.push(device.step());
    const away = messages.filter((message) => tripPosition(profile, message.ts).away);
    expect(away.every((message) => message.event !== 'cycle')).toBe(true);
    const firstAway = messages.indexOf(away[0]!);
    expect(messages.slice(firstAway - 1, firstAway + 1).map((message) => message.event)).toContain('power_off');
    // Heartbeats every minute on the way: the track has a point every few hundred metres.
    const travelling = away.filter((message) => tripPosition(profile, message.ts).position !== TOOLMAKER);
    expect(travelling.length).toBeGreaterThan(100);
    const furthest = Math.max(...away.map((message) => message.gps!.lat));
    expect(furthest).toBeCloseTo(TOOLMAKER.lat, 3);
    const back = new SimulatedDevice('SIM-TRIP', profile, START + 10 * HOUR - 120);
    const afterReturn = Array.from({ length: 5 }, () => back.step());
    expect(afterReturn.map((message) => message.event)).toContain('power_on');
  });
});
