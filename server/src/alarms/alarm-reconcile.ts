import { alarmKey, type AlarmLevel } from '@mouldwatch/shared';
import type { CreatedPlan, ExistingPlan } from './alarm-plan.js';
import type { AlarmRow } from './alarms.repository.js';

/** A stored alarm as a re-judge leaves it. */
export interface AlarmRevision {
  row: AlarmRow;
  openedAt: Date;
  closedAt: Date | null;
  level: AlarmLevel;
  value: number | null;
  bound: number | null;
  updatedAt: Date;
}

export interface Reconciliation {
  /** Stored alarms that differ from what the re-judge produced: rewritten, row kept. */
  revised: AlarmRevision[];
  /** Produced alarms no stored one stands for: inserted. */
  created: CreatedPlan[];
  /** Stored alarms the re-judge no longer produces. */
  withdrawn: AlarmRow[];
}

const NEVER = Number.POSITIVE_INFINITY;
const overlaps = (row: AlarmRow, plan: CreatedPlan) =>
  row.opened_at.getTime() <= (plan.closedAt?.getTime() ?? NEVER) &&
  plan.openedAt.getTime() <= (row.closed_at?.getTime() ?? NEVER);

function revision(row: AlarmRow, plan: ExistingPlan | CreatedPlan, openedAt: Date): AlarmRevision | null {
  const same =
    row.opened_at.getTime() === openedAt.getTime() &&
    (row.closed_at?.getTime() ?? null) === (plan.closedAt?.getTime() ?? null) &&
    row.level === plan.level &&
    row.value === plan.value &&
    row.bound === plan.bound;
  if (same) return null;
  const { closedAt, level, value, bound, updatedAt } = plan;
  return { row, openedAt, closedAt, level, value, bound, updatedAt };
}

/**
 * Reconciles, per (alarm type, channel), the reading-judged alarms stored over a re-judged window
 * with the ones the re-judge produced: an alarm open at the window's anchor is its own row (`kept`);
 * a produced alarm takes the first stored one of its channel, in time order, that overlaps it (id,
 * `unique_str`, acknowledgement and notices stay); a produced one with none is created; a stored one
 * left over is withdrawn.
 */
export function reconcileAlarms(
  stored: readonly AlarmRow[],
  kept: readonly ExistingPlan[],
  produced: readonly CreatedPlan[],
): Reconciliation {
  const revised: AlarmRevision[] = [];
  const created: CreatedPlan[] = [];
  const keptIds = new Set(kept.map((plan) => plan.row.id));
  const storedById = new Map(stored.map((row) => [row.id, row]));
  for (const plan of kept) {
    // Against the row as stored: a kept plan may start from a value read again at the anchor.
    const change = revision(storedById.get(plan.row.id) ?? plan.row, plan, plan.row.opened_at);
    if (change) revised.push(change);
  }
  const free = [...stored]
    .filter((row) => !keptIds.has(row.id))
    .sort((a, b) => a.opened_at.getTime() - b.opened_at.getTime() || a.id - b.id);
  for (const plan of [...produced].sort((a, b) => a.openedAt.getTime() - b.openedAt.getTime())) {
    const index = free.findIndex(
      (row) => alarmKey({ alarmType: row.alarm_type, channel: row.channel }) === alarmKey(plan) && overlaps(row, plan),
    );
    if (index < 0) {
      created.push(plan);
      continue;
    }
    const [row] = free.splice(index, 1);
    const change = revision(row!, plan, plan.openedAt);
    if (change) revised.push(change);
  }
  return { revised, created, withdrawn: free };
}
