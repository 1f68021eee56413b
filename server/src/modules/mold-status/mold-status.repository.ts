import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema.js';
import type { StatusColumns } from '../../state/status.presenter.js';

export type MoldListRow = StatusColumns & {
  id: number;
  name: string;
  mold_number: string;
  group: string | null;
  device_no: string | null;
};

export class MoldStatusRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user's granted and shared moulds with their status, by id. */
  async page(userId: number, offset: number, limit: number): Promise<{ rows: MoldListRow[]; total: number }> {
    const granted = this.db
      .selectFrom('user_mold_grants as g')
      .innerJoin('molds as m', 'm.id', 'g.mold_id')
      .where('g.user_id', '=', userId);
    const [rows, count] = await Promise.all([
      granted
        .leftJoin('mold_groups as mg', 'mg.id', 'm.group_id')
        .leftJoin('devices as d', 'd.mold_id', 'm.id')
        .leftJoin('mold_status as s', 's.mold_id', 'm.id')
        .select([
          'm.id',
          'm.name',
          'm.mold_number',
          'mg.name as group',
          'd.device_no',
          's.state',
          's.online',
          's.last_connect_at',
          's.counter',
          's.last_cycle_time',
          's.mold_temp',
          's.hrs_temp',
        ])
        .orderBy('m.id')
        .offset(offset)
        .limit(limit)
        .execute(),
      granted.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: count.total };
  }

  /** The mould's stored slots starting in [from, to), oldest first. */
  slots(moldId: number, from: Date, to: Date) {
    return this.db
      .selectFrom('time_state_slots')
      .select(['slot_start', 'c_run_time', 'c_idle_time', 'c_alarm_time', 'c_stop_time', 'c_off_time'])
      .where('mold_id', '=', moldId)
      .where('slot_start', '>=', from)
      .where('slot_start', '<', to)
      .orderBy('slot_start')
      .execute();
  }
}
