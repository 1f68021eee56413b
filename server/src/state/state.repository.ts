import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { SlotFractions } from '@mouldwatch/shared';
import type { Database, MoldStatusRow, MoldStatusTable } from '../infra/db/schema.js';

/** A mould as the state engine sees it: organisation, settings, status (none before its first reading). */
export interface LockedMold {
  orgId: number;
  info: unknown;
  status: MoldStatusRow | undefined;
}

/** Time and energy to add to one slot. */
export interface SlotShare {
  slotStart: Date;
  fractions: SlotFractions;
  energyKwh: number;
}

/** The same on every instance sharing a schema, and apart from those of other schemas (tests). */
const SWEEP_LOCK = sql`hashtext(current_schema() || '.mold-state-sweep')`;

/** The state engine's queries; each runs in the caller's transaction. */
export class StateRepository {
  /**
   * The moulds with their status, their rows locked until the transaction ends (in id order, so
   * that two transactions never wait for each other); a deleted mould is left out.
   */
  async lockMolds(trx: Transaction<Database>, moldIds: readonly number[]): Promise<Map<number, LockedMold>> {
    if (moldIds.length === 0) return new Map();
    const rows = await trx
      .selectFrom('molds')
      .select(['id', 'org_id', 'info'])
      .where('id', 'in', moldIds)
      .orderBy('id')
      // Not `for update`: that would hold up the reading inserts, whose foreign key takes a key share lock.
      .forNoKeyUpdate()
      .execute();
    const statuses = await trx.selectFrom('mold_status').selectAll().where('mold_id', 'in', moldIds).execute();
    const statusOf = new Map(statuses.map((status) => [status.mold_id, status]));
    return new Map(rows.map((row) => [row.id, { orgId: row.org_id, info: row.info, status: statusOf.get(row.id) }]));
  }

  /** The status of each of these moulds that still exists (none before a mould's first reading). */
  statuses(db: Kysely<Database>, moldIds: readonly number[]) {
    if (moldIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('molds as m')
      .leftJoin('mold_status as s', 's.mold_id', 'm.id')
      .where('m.id', 'in', moldIds)
      .select([
        'm.id',
        's.state',
        's.online',
        's.last_connect_at',
        's.counter',
        's.last_cycle_time',
        's.mold_temp',
        's.hrs_temp',
      ])
      .execute();
  }

  async saveStatuses(trx: Transaction<Database>, statuses: ReadonlyArray<Insertable<MoldStatusTable>>): Promise<void> {
    const [first] = statuses;
    if (!first) return;
    const columns = Object.keys(first).filter((column) => column !== 'mold_id') as Array<keyof MoldStatusTable>;
    await trx
      .insertInto('mold_status')
      .values([...statuses])
      .onConflict((conflict) =>
        conflict
          .column('mold_id')
          .doUpdateSet((eb) => Object.fromEntries(columns.map((column) => [column, eb.ref(`excluded.${column}`)]))),
      )
      .execute();
  }

  /** Adds each mould's shares to its slots' fractions and energy. */
  async addToSlots(
    trx: Transaction<Database>,
    sharesByMold: ReadonlyArray<{ moldId: number; shares: readonly SlotShare[] }>,
  ): Promise<void> {
    const rows = sharesByMold.flatMap(({ moldId, shares }) =>
      shares.map(({ slotStart, fractions, energyKwh }) => ({
        mold_id: moldId,
        slot_start: slotStart,
        ...fractions,
        energy_kwh: energyKwh,
      })),
    );
    if (rows.length === 0) return;
    await trx
      .insertInto('time_state_slots')
      .values(rows)
      .onConflict((conflict) =>
        conflict.columns(['mold_id', 'slot_start']).doUpdateSet((eb) => ({
          c_run_time: eb('time_state_slots.c_run_time', '+', eb.ref('excluded.c_run_time')),
          c_idle_time: eb('time_state_slots.c_idle_time', '+', eb.ref('excluded.c_idle_time')),
          c_alarm_time: eb('time_state_slots.c_alarm_time', '+', eb.ref('excluded.c_alarm_time')),
          c_stop_time: eb('time_state_slots.c_stop_time', '+', eb.ref('excluded.c_stop_time')),
          c_off_time: eb('time_state_slots.c_off_time', '+', eb.ref('excluded.c_off_time')),
          energy_kwh: eb('time_state_slots.energy_kwh', '+', eb.ref('excluded.energy_kwh')),
          updated_at: sql<Date>`now()`,
        })),
      )
      .execute();
  }

  /** Moulds with a status: the ones the sweep moves on. */
  async moldIdsWithStatus(db: Kysely<Database>): Promise<number[]> {
    const rows = await db.selectFrom('mold_status').select('mold_id').orderBy('mold_id').execute();
    return rows.map((row) => row.mold_id);
  }

  /** Whether this transaction holds the sweep lock (released at its end); false while another instance sweeps. */
  async trySweepLock(trx: Transaction<Database>): Promise<boolean> {
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as locked`.execute(trx);
    return rows[0]?.locked === true;
  }
}
