import type { AlarmTransition, AlarmLevel } from '@mouldwatch/shared';
import { alarmKey } from '@mouldwatch/shared';
import type { AlarmRow } from './alarms.repository.js';

/** An alarm that was open before the run, as the run leaves it. */
export interface ExistingPlan {
  row: AlarmRow;
  value: number | null;
  level: AlarmLevel;
  bound: number | null;
  closedAt: Date | null;
  updatedAt: Date;
  changed: boolean;
}

/** What a notice of an alarm tells: its figures at the moment it is about (opened, raised). */
export interface NoticeFigures {
  value: number | null;
  level: AlarmLevel;
  bound: number | null;
}

/** An alarm raised from early to alert within the run, with its figures at that moment. */
export interface RaisePlan extends NoticeFigures {
  target: ExistingPlan | CreatedPlan;
}

/** An alarm the run opened, as the run leaves it (it may be closed again already). */
export interface CreatedPlan {
  alarmType: number;
  channel: string;
  channelName: string;
  tempType: number | null;
  setValue: number | null;
  openedAt: Date;
  value: number | null;
  level: AlarmLevel;
  bound: number | null;
  closedAt: Date | null;
  updatedAt: Date;
  /** Its figures when it opened: what its notice tells, however the run's later readings changed them. */
  opening: NoticeFigures;
}

const at = (seconds: number) => new Date(seconds * 1000);
const later = (a: Date, b: Date) => (a > b ? a : b);

/**
 * Folds a mould's alarm changes of one run into final states: one update per alarm that was open
 * (`existing`: those changed, `all`: every one), one row per alarm opened (written in one insert,
 * already closed if it ended within the run), and each raise from early to alert as it happened:
 * the notices are those of judging one reading at a time, however many readings a run holds.
 */
export function planChanges(open: readonly AlarmRow[], changes: readonly AlarmTransition[]) {
  const existing = new Map<string, ExistingPlan>(
    open.map((row) => [
      alarmKey({ alarmType: row.alarm_type, channel: row.channel }),
      {
        row,
        value: row.value,
        level: row.level as AlarmLevel,
        bound: row.bound,
        closedAt: null,
        updatedAt: row.updated_at,
        changed: false,
      },
    ]),
  );
  const created: CreatedPlan[] = [];
  const raises: RaisePlan[] = [];
  const current = new Map<string, ExistingPlan | CreatedPlan>(existing);
  for (const change of changes) {
    const key = alarmKey(change);
    if (change.kind === 'open') {
      const plan: CreatedPlan = {
        alarmType: change.alarmType,
        channel: change.channel,
        channelName: change.channelName,
        tempType: change.tempType,
        setValue: change.setValue,
        openedAt: at(change.at),
        value: change.value,
        level: change.level,
        bound: change.bound,
        closedAt: null,
        updatedAt: at(change.at),
        opening: { value: change.value, level: change.level, bound: change.bound },
      };
      created.push(plan);
      current.set(key, plan);
      continue;
    }
    const target = current.get(key);
    if (!target) continue;
    target.updatedAt = later(target.updatedAt, at(change.at));
    if ('changed' in target) target.changed = true;
    if (change.kind === 'update') {
      if (target.level === 'early' && change.level === 'alert') {
        raises.push({ target, value: change.value, level: change.level, bound: change.bound });
      }
      target.value = change.value;
      target.level = change.level;
      target.bound = change.bound;
    } else {
      target.closedAt = at(change.at);
      if (change.value !== undefined) target.value = change.value;
      current.delete(key);
    }
  }
  const all = [...existing.values()];
  return { existing: all.filter((plan) => plan.changed), all, created, raises };
}
