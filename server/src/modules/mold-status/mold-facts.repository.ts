import { sql, type Kysely } from 'kysely';
import { SLOT_SECONDS, type MaintenanceStatus } from '@mouldwatch/shared';
import type { Database } from '../../infra/db/schema.js';
import { visibleMoulds } from './mold-filters.js';
import { cyclesUntilPm } from './mold-status.repository.js';

/** Roll-ups are 15-minute buckets, and hourly ones in seeded history: a bucket starts at most this long before its first reading. */
const LONGEST_BUCKET_MS = 3_600_000;

/** The last cycles the displayed average covers (spec §9). */
const AVERAGED_CYCLES = 100;

export type MoldFactsRow = NonNullable<Awaited<ReturnType<MoldFactsRepository['facts']>>>;

export class MoldFactsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The mould as the user sees it, with its status; undefined when the user may not see it. */
  facts(userId: number, moldId: number) {
    return visibleMoulds(this.db, userId)
      .where('m.id', '=', moldId)
      .select([
        'm.id',
        'm.name',
        'm.mold_number',
        'm.info',
        'm.mold_image',
        'm.oem_id',
        'm.thermocouple_type',
        'm.customer',
        'm.country',
        'm.created_at',
        'm.updated_at',
        'mg.name as group',
        'c.name as company',
        'd.device_no',
        'd.too_old_count',
        'd.too_old_last_at',
        'd.too_old_oldest_ts',
        'g.favourite',
        's.state',
        's.online',
        's.last_connect_at',
        's.counter',
        's.last_cycle_time',
        's.mold_temp',
        's.hrs_temp',
        's.battery',
        's.lat',
        's.lng',
        cyclesUntilPm(sql.ref('s.counter')).as('cycles_until_pm'),
        // The most urgent status among the mould's maintenance tasks (as the schedule orders them).
        sql<MaintenanceStatus | null>`(select pl.status from maintenance_task_molds pl
          where pl.mold_id = m.id order by pl.urgency limit 1)`.as('maint_status'),
      ])
      .executeTakeFirst();
  }

  /**
   * When the mould's first reading was taken; undefined before it reported. Raw readings are kept 35
   * days, roll-ups for good: an earlier bucket than the first raw reading's own tells when it began.
   */
  async firstReadingAt(moldId: number): Promise<Date | undefined> {
    const [reading, bucket] = await Promise.all([
      this.db
        .selectFrom('readings')
        .select((eb) => eb.fn.min('ts').as('first'))
        .where('mold_id', '=', moldId)
        .executeTakeFirst(),
      this.db
        .selectFrom('mold_rollups')
        .select((eb) => eb.fn.min('bucket').as('first'))
        .where('mold_id', '=', moldId)
        .executeTakeFirst(),
    ]);
    const [first, firstBucket] = [reading?.first ?? undefined, bucket?.first ?? undefined];
    if (first && (!firstBucket || firstBucket.getTime() > first.getTime() - LONGEST_BUCKET_MS)) return first;
    return firstBucket;
  }

  /** The average cycle time of the last cycle readings (at most AVERAGED_CYCLES), and how many there were. */
  async recentCycleAverage(moldId: number): Promise<{ average: number | null; cycles: number }> {
    const recent = this.db
      .selectFrom('readings')
      .select('cycle_time')
      .where('mold_id', '=', moldId)
      .where('event', '=', 'cycle')
      .where('cycle_time', 'is not', null)
      .orderBy('ts', 'desc')
      .limit(AVERAGED_CYCLES)
      .as('recent');
    const row = await this.db
      .selectFrom(recent)
      .select((eb) => [eb.fn.avg<number | null>('cycle_time').as('average'), eb.fn.countAll<number>().as('cycles')])
      .executeTakeFirstOrThrow();
    return { average: row.average === null ? null : Number(row.average), cycles: row.cycles };
  }

  /** Seconds the mould spent stopped in the slots since the start of `now`'s day in the zone. */
  async stopSecondsToday(moldId: number, now: Date, timeZone: string): Promise<number> {
    const dayStart = sql<Date>`date_trunc('day', ${now}::timestamptz at time zone ${timeZone}) at time zone ${timeZone}`;
    const row = await this.db
      .selectFrom('time_state_slots')
      .select(sql<number>`coalesce(sum(c_stop_time), 0)::double precision`.as('slots'))
      .where('mold_id', '=', moldId)
      .where('slot_start', '>=', dayStart)
      .executeTakeFirstOrThrow();
    return row.slots * SLOT_SECONDS;
  }
}
