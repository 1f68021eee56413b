import { describe, expect, it } from 'vitest';
import { deviceMessageSchema, type DeviceMessage } from '@mouldwatch/shared';
import { SimulatedDevice, profileFor } from './device-model.js';

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

  it('idles, stops and powers off now and then, and is the same on every run', () => {
    const { messages } = simulate('SIM-0003', 20_000);
    const events = new Set(messages.map((message) => message.event));
    expect(events).toEqual(new Set(['cycle', 'heartbeat', 'power_off', 'power_on']));
    expect(simulate('SIM-0003', 200).messages).toEqual(messages.slice(0, 200));
  });
});
