import {
  expectedFinishAt,
  finishPaceWindowStart,
  type WorkOrderRecord,
  type WorkOrderRejectRecord,
  type WorkOrderStatus,
} from '@mouldwatch/shared';
import type { RejectRow, WorkOrderRow } from './work-orders.repository.js';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const secondsOrNull = (date: Date | null) => (date === null ? null : seconds(date));

/** A working order's expected finish at its pace over the last hours (or since its start), not its last cycle's. */
function expectedFinish(row: WorkOrderRow, remaining: number, now: Date): number | null {
  const windowStart = finishPaceWindowStart(row.started_at ?? now, now);
  return expectedFinishAt({
    now,
    remaining,
    cavitation: row.cavitation,
    windowCycles: row.counter !== null && row.window_counter !== null ? row.counter - row.window_counter : 0,
    windowSeconds: (now.getTime() - windowStart.getTime()) / 1000,
    priorCycleTime: row.target_cycle_time ?? row.last_cycle_time,
  });
}

/** A work order as every call answers it: the spec's fields, remaining and the expected finish. */
export function presentWorkOrder(row: WorkOrderRow, now: Date): WorkOrderRecord {
  const remaining = Math.max(0, row.quantity - row.finished);
  const status = row.status as WorkOrderStatus;
  return {
    id: row.id,
    order_no: row.order_no,
    mold_id: row.mold_id,
    mold_name: row.mold_name,
    mold_number: row.mold_number,
    machine: row.machine,
    workshop: row.workshop,
    project_name: row.project_name,
    start_date: seconds(row.start_date),
    quantity: row.quantity,
    starting_quantity: row.starting_quantity,
    status,
    finished: row.finished,
    remaining,
    reject: row.reject,
    revision: row.revision,
    remarks: row.remarks,
    started_at: secondsOrNull(row.started_at),
    ended_at: secondsOrNull(row.ended_at),
    expected_finish: status === 'working' ? expectedFinish(row, remaining, now) : null,
    created_at: seconds(row.created_at),
    updated_at: seconds(row.updated_at),
  };
}

export function presentReject(row: RejectRow): WorkOrderRejectRecord {
  return {
    id: row.id,
    quantity: row.quantity,
    remark: row.remark,
    recorded_at: seconds(row.recorded_at),
    recorded_by: row.user_name || row.username || '',
  };
}
