import { describe, expect, it } from 'vitest';
import { instantOfWallClock } from '../time/zoned.js';
import {
  maintenanceDue,
  maintenanceTaskFormSchema,
  nextCalendarDue,
  dateToDay,
  dayToDate,
  localDay,
  type DueInput,
} from './maintenance.js';

const pm = (over: Partial<DueInput> = {}): DueInput => ({
  task_type: 'pm',
  maint_interval: 1000,
  interval_days: null,
  schedule_type: 0,
  repeat: null,
  start_repeat: null,
  warning_type: 'percent',
  warning_value: 10,
  counter: 0,
  base_counter: 0,
  base_at: 0,
  last_maint_at: null,
  due_now_at: null,
  zone: 'UTC',
  ...over,
});
const regular = (over: Partial<DueInput> = {}): DueInput =>
  pm({ task_type: 'regular', maint_interval: null, schedule_type: 1, repeat: 2, start_repeat: '2026-01-05', ...over });
const at = (zone: string, date: string, hour = 12) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return instantOfWallClock(zone, y, m, d, hour);
};

describe('PM by cycles', () => {
  it('is normal, then Preventive MAINT inside the window, then exceeded at the interval', () => {
    expect(maintenanceDue(pm({ counter: 500 }), 0)).toMatchObject({ status: 'normal', remaining: 500, unit: 'cycles' });
    expect(maintenanceDue(pm({ counter: 899 }), 0)).toMatchObject({ status: 'normal', remaining: 101 });
    expect(maintenanceDue(pm({ counter: 900 }), 0)).toMatchObject({ status: 'warning', remaining: 100 });
    expect(maintenanceDue(pm({ counter: 999 }), 0)).toMatchObject({ status: 'warning', remaining: 1 });
    expect(maintenanceDue(pm({ counter: 1000 }), 0)).toMatchObject({ status: 'exceeded', remaining: 0 });
    expect(maintenanceDue(pm({ counter: 1250 }), 0)).toMatchObject({ status: 'exceeded', remaining: -250 });
  });

  it('counts from the counter at the last maintenance, and a counter reset counts as no cycles', () => {
    expect(maintenanceDue(pm({ counter: 5100, base_counter: 5000 }), 0)).toMatchObject({ remaining: 900 });
    expect(maintenanceDue(pm({ counter: 10, base_counter: 5000 }), 0)).toMatchObject({ remaining: 1000 });
  });

  it('takes a window in cycles as well as in percent', () => {
    const task = pm({ warning_type: 'count', warning_value: 50 });
    expect(maintenanceDue({ ...task, counter: 949 }, 0).status).toBe('normal');
    expect(maintenanceDue({ ...task, counter: 950 }, 0).status).toBe('warning');
  });

  it('tells nothing before the mould reported a counter', () => {
    expect(maintenanceDue(pm({ counter: null }), 0)).toMatchObject({ status: 'normal', remaining: null });
  });
});

describe('PM by cycles or days, whichever first', () => {
  const zone = 'Europe/Berlin';
  const base = at(zone, '2026-03-01');
  const task = pm({ interval_days: 30, zone, base_at: base });

  it('reports the days when they run out first', () => {
    const now = at(zone, '2026-03-29');
    expect(maintenanceDue({ ...task, counter: 100 }, now)).toMatchObject({
      status: 'warning',
      remaining: 2,
      unit: 'days',
      due_date: '2026-03-31',
    });
    expect(maintenanceDue({ ...task, counter: 100 }, at(zone, '2026-04-02'))).toMatchObject({
      status: 'exceeded',
      remaining: -2,
    });
  });

  it('reports the cycles when they run out first', () => {
    expect(maintenanceDue({ ...task, counter: 1000 }, at(zone, '2026-03-05'))).toMatchObject({
      status: 'exceeded',
      unit: 'cycles',
      remaining: 0,
    });
  });

  it('counts calendar days across the spring daylight-saving change (23-hour day)', () => {
    // 2026-03-29 is 23 hours long in Berlin: at 00:30 on the 30th only 24.5 h have passed since the 29th 00:00.
    const late = pm({ maint_interval: null, interval_days: 1, zone, base_at: at(zone, '2026-03-29', 0) });
    expect(maintenanceDue(late, at(zone, '2026-03-29', 23))).toMatchObject({ remaining: 1 });
    expect(maintenanceDue(late, instantOfWallClock(zone, 2026, 3, 30, 0, 30))).toMatchObject({
      remaining: 0,
      status: 'exceeded',
    });
  });
});

describe('regular tasks on a calendar', () => {
  it('is due on its start date, then every 2 weeks after the last maintenance', () => {
    const task = regular({ warning_type: 'count', warning_value: 3 });
    expect(maintenanceDue(task, at('UTC', '2026-01-01'))).toMatchObject({
      status: 'normal',
      remaining: 4,
      due_date: '2026-01-05',
    });
    expect(maintenanceDue(task, at('UTC', '2026-01-02'))).toMatchObject({ status: 'warning', remaining: 3 });
    expect(maintenanceDue(task, at('UTC', '2026-01-05'))).toMatchObject({ status: 'exceeded', remaining: 0 });
    expect(maintenanceDue(task, at('UTC', '2026-01-07'))).toMatchObject({ status: 'exceeded', remaining: -2 });
    const done = { ...task, last_maint_at: at('UTC', '2026-01-07') };
    expect(maintenanceDue(done, at('UTC', '2026-01-07'))).toMatchObject({
      status: 'normal',
      remaining: 12,
      due_date: '2026-01-19',
    });
  });

  it('keeps the rhythm when the maintenance is done early', () => {
    expect(dayToDate(nextCalendarDue('2026-01-05', 1, 2, dateToDay('2026-01-02')))).toBe('2026-01-05');
    expect(dayToDate(nextCalendarDue('2026-01-05', 1, 2, dateToDay('2026-01-18')))).toBe('2026-01-19');
    expect(dayToDate(nextCalendarDue('2026-01-05', 1, 2, dateToDay('2026-03-16')))).toBe('2026-03-30');
  });

  it('steps months to the last day of short months', () => {
    expect(dayToDate(nextCalendarDue('2026-01-31', 2, 1, dateToDay('2026-01-31')))).toBe('2026-02-28');
    expect(dayToDate(nextCalendarDue('2026-01-31', 2, 1, dateToDay('2026-02-28')))).toBe('2026-03-31');
    expect(dayToDate(nextCalendarDue('2026-01-10', 0, 10, dateToDay('2026-01-25')))).toBe('2026-01-30');
  });

  it('counts days in the +5:30 zone, where the UTC date differs', () => {
    const zone = 'Asia/Kolkata';
    const task = regular({ zone, schedule_type: 0, repeat: 7, start_repeat: '2026-02-10' });
    // 20:00 UTC on 9 Feb is 01:30 on 10 Feb in Kolkata: due today there, one day left in UTC.
    const now = Date.UTC(2026, 1, 9, 20) / 1000;
    expect(localDay(now, zone)).toBe(dateToDay('2026-02-10'));
    expect(maintenanceDue(task, now)).toMatchObject({ status: 'exceeded', remaining: 0 });
    expect(maintenanceDue({ ...task, zone: 'UTC' }, now)).toMatchObject({ status: 'warning', remaining: 1 });
  });

  it('counts days across the autumn daylight-saving change (25-hour day)', () => {
    const zone = 'America/New_York';
    const task = regular({ zone, schedule_type: 0, repeat: 1, start_repeat: '2026-11-02' });
    // 1 Nov 2026 is 25 hours long in New York; 23:30 that day is still the 1st.
    expect(maintenanceDue(task, instantOfWallClock(zone, 2026, 11, 1, 23, 30))).toMatchObject({ remaining: 1 });
    expect(maintenanceDue(task, instantOfWallClock(zone, 2026, 11, 2, 0, 30))).toMatchObject({ remaining: 0 });
  });
});

describe('a task started manually', () => {
  it('is due from then, however far the count is', () => {
    expect(maintenanceDue(pm({ counter: 10, due_now_at: 100 }), 50).status).toBe('normal');
    expect(maintenanceDue(pm({ counter: 10, due_now_at: 100 }), 100)).toMatchObject({
      status: 'exceeded',
      remaining: 0,
    });
  });
});

describe('maintenanceTaskFormSchema', () => {
  it('fills the spec defaults and needs a mould, company or group', () => {
    const parsed = maintenanceTaskFormSchema.safeParse({ task_name: 'Grease', maint_interval: 5000, mold: 3 });
    expect(parsed.success && parsed.data).toMatchObject({ task_type: 'pm', company: 0, content: [], schedule_type: 0 });
    const orphan = maintenanceTaskFormSchema.safeParse({ task_name: 'Grease', maint_interval: 5000 });
    expect(orphan.error?.issues[0]).toMatchObject({ path: ['mold'], message: 'required' });
  });

  it('needs an interval for PM and a calendar for regular tasks', () => {
    const noInterval = maintenanceTaskFormSchema.safeParse({ task_name: 'x', mold: 1 });
    expect(noInterval.error?.issues[0]?.path).toEqual(['maint_interval']);
    const noCalendar = maintenanceTaskFormSchema.safeParse({ task_name: 'x', mold: 1, task_type: 'regular' });
    expect(noCalendar.error?.issues.map((issue) => issue.path[0])).toEqual(['repeat', 'start_repeat']);
    const badDate = maintenanceTaskFormSchema.safeParse({
      task_name: 'x',
      mold: 1,
      task_type: 'regular',
      repeat: 1,
      start_repeat: '2026-13-01',
    });
    expect(badDate.success).toBe(false);
  });

  it('refuses a blank name, a zero interval and a blank checklist item', () => {
    expect(maintenanceTaskFormSchema.safeParse({ task_name: '  ', mold: 1, maint_interval: 1 }).success).toBe(false);
    expect(maintenanceTaskFormSchema.safeParse({ task_name: 'a', mold: 1, maint_interval: 0 }).success).toBe(false);
    expect(
      maintenanceTaskFormSchema.safeParse({ task_name: 'a', mold: 1, maint_interval: 1, content: [{ content: ' ' }] })
        .success,
    ).toBe(false);
  });
});
