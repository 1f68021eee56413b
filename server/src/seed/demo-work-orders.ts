import type { Transaction } from 'kysely';
import type { Database } from '../infra/db/schema.js';

const HOUR_MS = 3_600_000;

/** What an order of the demo is: its state, size and how far it got. */
interface DemoOrder {
  status: 'created' | 'working' | 'finish' | 'stop';
  project: string;
  machine: string;
  /** Cycles made since the start (working, finish, stop). */
  cycles: number;
  /** Cycles still to make (working orders): the quantity is set from it. */
  cyclesLeft: number;
  /** Hours from now of the start date (negative: past). */
  startHours: number;
  rejects: number[];
}

const ORDERS: DemoOrder[] = [
  {
    status: 'working',
    project: 'Cap 28mm',
    machine: 'Engel e-mac 180',
    cycles: 420,
    cyclesLeft: 6000,
    startHours: -5,
    rejects: [12, 4],
  },
  {
    status: 'working',
    project: 'Bottle preform',
    machine: 'Husky HyPET 300',
    cycles: 900,
    cyclesLeft: 80,
    startHours: -9,
    rejects: [6],
  },
  {
    status: 'finish',
    project: 'Door handle',
    machine: 'Arburg 470',
    cycles: 2400,
    cyclesLeft: 0,
    startHours: -52,
    rejects: [18, 9, 3],
  },
  {
    status: 'stop',
    project: 'Lid 90mm',
    machine: 'Haitian MA2500',
    cycles: 700,
    cyclesLeft: 0,
    startHours: -30,
    rejects: [25],
  },
  {
    status: 'created',
    project: 'Bumper bracket',
    machine: 'KraussMaffei CX 300',
    cycles: 0,
    cyclesLeft: 0,
    startHours: 20,
    rejects: [],
  },
  {
    status: 'created',
    project: 'Knob 40mm',
    machine: 'Engel victory 120',
    cycles: 0,
    cyclesLeft: 0,
    startHours: 44,
    rejects: [],
  },
];

/**
 * Work orders of the demo in each state, on the first moulds: two working ones that the simulator's
 * counters move on (one finishes within minutes), one finished and one stopped with rejects (the
 * reports' quality factor), two planned for the coming days.
 */
export async function seedDemoWorkOrders(
  trx: Transaction<Database>,
  orgId: number,
  moulds: ReadonlyArray<{ moldId: number; counter: number }>,
  now: Date,
): Promise<void> {
  const admin = await trx
    .selectFrom('users')
    .select('id')
    .where('org_id', '=', orgId)
    .where('username', '=', 'admin')
    .executeTakeFirst();
  for (const [index, order] of ORDERS.entries()) {
    const mould = moulds[index];
    if (!mould) return;
    const { cavitation } = await trx
      .selectFrom('molds')
      .select('cavitation')
      .where('id', '=', mould.moldId)
      .executeTakeFirstOrThrow();
    const perCycle = cavitation && cavitation > 0 ? cavitation : 1;
    const started = order.status !== 'created';
    const startDate = new Date(now.getTime() + order.startHours * HOUR_MS);
    const finished = order.cycles * perCycle;
    const quantity = order.status === 'finish' ? finished : Math.max(finished + order.cyclesLeft * perCycle, 1000);
    const endedAt = order.status === 'finish' || order.status === 'stop' ? new Date(now.getTime() - 6 * HOUR_MS) : null;
    const reject = order.rejects.reduce((sum, value) => sum + value, 0);
    const { id } = await trx
      .insertInto('work_orders')
      .values({
        org_id: orgId,
        mold_id: mould.moldId,
        order_no: `WO-2026-${String(101 + index)}`,
        machine: order.machine,
        workshop: index % 2 === 0 ? 'Hall A' : 'Hall B',
        project_name: order.project,
        start_date: startDate,
        quantity,
        revision: index % 3 === 0 ? 'B' : 'A',
        status: order.status,
        start_counter: started ? mould.counter - order.cycles : null,
        started_at: started ? startDate : null,
        ended_at: endedAt,
        finished,
        reject,
        created_by: admin?.id ?? null,
        created_at: new Date(startDate.getTime() - 24 * HOUR_MS),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [entry, quantityRejected] of order.rejects.entries()) {
      await trx
        .insertInto('work_order_rejects')
        .values({
          order_id: id,
          mold_id: mould.moldId,
          quantity: quantityRejected,
          recorded_at: new Date(startDate.getTime() + (entry + 1) * HOUR_MS),
          recorded_by: admin?.id ?? null,
          remark: ['Short shot', 'Flash on parting line', 'Sink marks'][entry % 3] ?? '',
        })
        .execute();
    }
  }
}
