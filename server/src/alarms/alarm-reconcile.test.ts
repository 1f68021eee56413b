import { describe, expect, it } from 'vitest';
import { AlarmType, judgeReadings, moldInfoSchema, emptyTracks, type JudgedReading } from '@mouldwatch/shared';
import { planChanges, type CreatedPlan } from './alarm-plan.js';
import { reconcileAlarms } from './alarm-reconcile.js';
import type { AlarmRow } from './alarms.repository.js';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 8, minute));

function stored(id: number, opened: number, closed: number | null, extra: Partial<AlarmRow> = {}): AlarmRow {
  return {
    id,
    org_id: 1,
    mold_id: 1,
    alarm_type: AlarmType.temperature,
    unique_str: `u${id}`,
    channel: 'mold_temp:1',
    channel_name: 'A',
    temp_type: 1,
    level: 'alert',
    value: 70,
    bound: 65,
    set_value: 60,
    opened_at: at(opened),
    updated_at: at(opened),
    closed_at: closed === null ? null : at(closed),
    acknowledged_at: null,
    acknowledged_by: null,
    notified_count: 1,
    last_notified_at: at(opened),
    ...extra,
  } as AlarmRow;
}

function produced(opened: number, closed: number | null, extra: Partial<CreatedPlan> = {}): CreatedPlan {
  return {
    alarmType: AlarmType.temperature,
    channel: 'mold_temp:1',
    channelName: 'A',
    tempType: 1,
    setValue: 60,
    openedAt: at(opened),
    value: 70,
    level: 'alert',
    bound: 65,
    closedAt: closed === null ? null : at(closed),
    opening: { value: 70, level: 'alert', bound: 65 },
    updatedAt: at(closed ?? opened),
    ...extra,
  };
}

describe('reconciling re-judged alarms with the stored ones', () => {
  it('keeps an overlapping stored row (acknowledged) with the produced times and value', () => {
    const row = stored(7, 10, 20, { acknowledged_at: at(12), acknowledged_by: 3 });
    const result = reconcileAlarms([row], [], [produced(8, 25, { value: 80 })]);
    expect(result.created).toEqual([]);
    expect(result.withdrawn).toEqual([]);
    expect(result.revised).toEqual([
      expect.objectContaining({ row, openedAt: at(8), closedAt: at(25), value: 80, level: 'alert' }),
    ]);
  });

  it('leaves an unchanged alarm alone, inserts a new one, withdraws one no longer produced', () => {
    const same = stored(1, 10, 20);
    const gone = stored(2, 30, 35);
    const otherChannel = stored(3, 40, null, { channel: 'mold_temp:2' });
    const result = reconcileAlarms([same, gone, otherChannel], [], [produced(10, 20), produced(50, null)]);
    expect(result.revised).toEqual([]);
    expect(result.created.map((plan) => plan.openedAt)).toEqual([at(50)]);
    expect(result.withdrawn).toEqual([gone, otherChannel]);
  });

  it('gives each stored alarm to one produced alarm at most, in time order', () => {
    const wide = stored(1, 10, 40);
    const result = reconcileAlarms([wide], [], [produced(12, 15), produced(20, 30)]);
    expect(result.revised.map((change) => [change.row.id, change.openedAt])).toEqual([[1, at(12)]]);
    expect(result.created.map((plan) => plan.openedAt)).toEqual([at(20)]);
  });

  it('keeps an alarm open at the anchor as its own row, closed where the re-judge closes it', () => {
    const open = stored(4, 0, null);
    const { all, created } = planChanges(
      [open],
      [{ kind: 'close', alarmType: AlarmType.temperature, channel: 'mold_temp:1', at: at(9).getTime() / 1000 }],
    );
    const result = reconcileAlarms([open], all, created);
    expect(result.revised).toEqual([expect.objectContaining({ row: open, openedAt: at(0), closedAt: at(9) })]);
    expect(result.withdrawn).toEqual([]);
  });
});

describe('re-judging from an anchor', () => {
  const info = moldInfoSchema.parse({ mold_temp_setting: [{ name: 'A', set: 60, alert: 5 }] });
  const temps = [60, 70, 70, 60, 70, 70, 70, 70, 60, 60, 70, 70, 60, 70, 60, 70, 70];
  const readings: JudgedReading[] = temps.map((temp, i) => ({
    ts: 1000 + i * 60,
    mold_temp: [temp, null, null, null],
  }));
  const judge = (part: readonly JudgedReading[], seed?: JudgedReading) =>
    judgeReadings({
      info,
      monitored: true,
      tracks: { ...emptyTracks(), lastTs: seed?.ts ?? null },
      open: new Map(),
      readings: part,
    });

  it('rebuilds the streaks from the readings before the late one: the same opens as judging all', () => {
    const whole = judge(readings);
    // From reading 9 on, with the three before it replayed from empty streaks.
    const replay = judge(readings.slice(6), readings[5]);
    const opensAfter = (changes: typeof whole.changes, from: number) =>
      changes.filter((change) => change.kind === 'open' && change.at >= from).map((change) => change.at);
    expect(opensAfter(replay.changes, readings[9]!.ts)).toEqual(opensAfter(whole.changes, readings[9]!.ts));
    expect(replay.tracks.streaks).toEqual(whole.tracks.streaks);
    expect(replay.tracks.lastTs).toBe(whole.tracks.lastTs);
  });

  it('a late reading inside bounds splits a run that judged late would have opened', () => {
    const withoutLate = readings.filter((_, i) => i !== 12);
    const lateAsBefore = judgeReadings({
      info,
      monitored: true,
      tracks: judge(withoutLate).tracks,
      open: judge(withoutLate).open,
      readings: [readings[12]!],
    });
    expect(lateAsBefore.changes).toEqual([]);
    expect(judge(withoutLate).changes.filter((change) => change.kind === 'open')).toHaveLength(2);
    expect(judge(readings).changes.filter((change) => change.kind === 'open')).toHaveLength(1);
  });
});
