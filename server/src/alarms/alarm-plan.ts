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
}

const at = (seconds: number) => new Date(seconds * 1000);
const later = (a: Date, b: Date) => (a > b ? a : b);

/**
 * Folds a mould's alarm changes of one run into final states: one update per alarm that was open
 * (`existing`: those changed, `all`: every one), one row per alarm opened (written in one insert,
 * already closed if it ended within the run).
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
  return { existing: all.filter((plan) => plan.changed), all, created };
}
