import { describe, expect, it } from 'vitest';
import { AlarmType, type AlarmTransition } from '@mouldwatch/shared';
import { planChanges } from './alarm-plan.js';

const channel = { alarmType: AlarmType.cycleTime, channel: 'cycle_time' };
const open = (at: number, value: number, level: 'early' | 'alert'): AlarmTransition => ({
  ...channel,
  kind: 'open',
  at,
  channelName: '',
  tempType: null,
  level,
  value,
  bound: level === 'alert' ? 35 : 32,
  setValue: 30,
});
const update = (at: number, value: number, level: 'early' | 'alert'): AlarmTransition => ({
  ...channel,
  kind: 'update',
  at,
  value,
  level,
  bound: level === 'alert' ? 35 : 32,
});

describe('the plan of a run of readings', () => {
  it("keeps a new alarm's figures of its opening for its notice, whatever the run's later readings made of it", () => {
    const plan = planChanges(
      [],
      [open(100, 33, 'early'), update(130, 34, 'early'), { ...channel, kind: 'close', at: 160 }],
    );
    expect(plan.created).toHaveLength(1);
    expect(plan.created[0]).toMatchObject({ value: 34, closedAt: new Date(160_000) });
    expect(plan.created[0]!.opening).toEqual({ value: 33, level: 'early', bound: 32 });
    expect(plan.raises).toEqual([]);
  });

  it('records each raise from early to alert with the figures of that moment', () => {
    const plan = planChanges([], [open(100, 33, 'early'), update(130, 36, 'alert'), update(160, 38, 'alert')]);
    expect(plan.raises).toHaveLength(1);
    expect(plan.raises[0]).toMatchObject({ value: 36, level: 'alert', bound: 35 });
    expect(plan.raises[0]!.target).toBe(plan.created[0]);
    expect(plan.created[0]).toMatchObject({ value: 38, level: 'alert' });
  });
});
