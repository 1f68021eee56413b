import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { SLOT_FRACTION_KEYS, STATE_ALARM_TYPES } from '@mouldwatch/shared';
import type { Database, MoldStatusRow, ReadingsTable } from '../infra/db/schema.js';
import { floatArrayText, timeText } from '../infra/db/array-params.js';
import type { MouldInfoCache } from './mould-info-cache.js';
import type { SlotAccounts, TimedReading } from './slot-accounting.js';
import type { RecomputeInput } from './status-advance.js';

/** A mould as the state engine sees it: organisation, settings, status (none before its first reading). */
export interface LockedMold {
  orgId: number;
  /** The row's `info`; null when the engine's MouldInfoCache holds this version. */
  info: unknown;
  /** The row's version (`xmin`): a saved change of the mould gives it a new one. */
  version: string;
  status: MoldStatusRow | undefined;
  /** An alarm of the mould is open: its state is `alarm`. */
  alarmActive: boolean;
}

/** The state engine's queries; each runs in the caller's transaction. */
export class StateRepository {
  /**
   * The moulds with their status, their rows locked until the transaction ends (in id order, so
   * that two transactions never wait for each other); a deleted mould is left out.
   */
  async lockMolds(
    trx: Transaction<Database>,
    moldIds: readonly number[],
    infos: MouldInfoCache,
  ): Promise<Map<number, LockedMold>> {
    if (moldIds.length === 0) return new Map();
    const rows = await trx
      .selectFrom('molds')
      .select(['id', 'org_id', infos.infoUnlessKnown(moldIds).as('info'), sql<string>`xmin::text`.as('version')])
      .where('id', 'in', moldIds)
      .orderBy('id')
      // Not `for update`: that would hold up the reading inserts, which take a key share lock on their moulds.
      .forNoKeyUpdate()
      .execute();
    const statuses = await trx.selectFrom('mold_status').selectAll().where('mold_id', 'in', moldIds).execute();
    const statusOf = new Map(statuses.map((status) => [status.mold_id, status]));
    const alarming = await trx
      .selectFrom('alarms')
      .select('mold_id')
      .distinct()
      .where('mold_id', 'in', moldIds)
      .where('alarm_type', 'in', STATE_ALARM_TYPES)
      .where('closed_at', 'is', null)
      .execute();
    const alarmActive = new Set(alarming.map((row) => row.mold_id));
    return new Map(
      rows.map((row) => [
        row.id,
        {
          orgId: row.org_id,
          info: row.info,
          version: row.version,
          status: statusOf.get(row.id),
          alarmActive: alarmActive.has(row.id),
        },
      ]),
    );
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

  /** Writes the moulds' statuses (full rows) in one statement, a parameter per column (infra/db/array-params.ts). */
  async saveStatuses(trx: Transaction<Database>, statuses: readonly MoldStatusRow[]): Promise<void> {
    if (statuses.length === 0) return;
    const column = <V>(value: (status: MoldStatusRow) => V) => statuses.map(value);
    const time = (value: (status: MoldStatusRow) => Date | null) => column((status) => timeText(value(status)));
    await sql`
      insert into mold_status (mold_id, state, online, powered_off, last_connect_at, last_seq, last_cycle_at, counter,
        last_cycle_time, mold_temp, hrs_temp, battery, current, lat, lng, state_since, accounted_until, first_cycle_at,
        alarm_active, updated_at)
      select mold_id, state, online, powered_off, last_connect_at, last_seq, last_cycle_at, counter, last_cycle_time,
        mold_temp::float8[], hrs_temp::float8[], battery, current, lat, lng, state_since, accounted_until,
        first_cycle_at, alarm_active, updated_at
      from unnest(
        ${column((s) => s.mold_id)}::bigint[], ${column((s) => s.state)}::text[], ${column((s) => s.online)}::bool[],
        ${column((s) => s.powered_off)}::bool[], ${time((s) => s.last_connect_at)}::timestamptz[],
        ${column((s) => s.last_seq)}::bigint[], ${time((s) => s.last_cycle_at)}::timestamptz[],
        ${column((s) => s.counter)}::int[], ${column((s) => s.last_cycle_time)}::float8[],
        ${column((s) => floatArrayText(s.mold_temp))}::text[], ${column((s) => floatArrayText(s.hrs_temp))}::text[],
        ${column((s) => s.battery)}::float8[], ${column((s) => s.current)}::float8[],
        ${column((s) => s.lat)}::float8[], ${column((s) => s.lng)}::float8[],
        ${time((s) => s.state_since)}::timestamptz[], ${time((s) => s.accounted_until)}::timestamptz[],
        ${time((s) => s.first_cycle_at)}::timestamptz[], ${column((s) => s.alarm_active)}::bool[],
        ${time((s) => s.updated_at)}::timestamptz[]
      ) as s(mold_id, state, online, powered_off, last_connect_at, last_seq, last_cycle_at, counter, last_cycle_time,
        mold_temp, hrs_temp, battery, current, lat, lng, state_since, accounted_until, first_cycle_at, alarm_active,
        updated_at)
      on conflict (mold_id) do update set state = excluded.state, online = excluded.online,
        powered_off = excluded.powered_off, last_connect_at = excluded.last_connect_at, last_seq = excluded.last_seq,
        last_cycle_at = excluded.last_cycle_at, counter = excluded.counter, last_cycle_time = excluded.last_cycle_time,
        mold_temp = excluded.mold_temp, hrs_temp = excluded.hrs_temp, battery = excluded.battery,
        current = excluded.current, lat = excluded.lat, lng = excluded.lng, state_since = excluded.state_since,
        accounted_until = excluded.accounted_until, first_cycle_at = excluded.first_cycle_at,
        alarm_active = excluded.alarm_active, updated_at = excluded.updated_at`.execute(trx);
  }

  /** Adds each mould's slot time and energy to its slots (a share may be negative: time taken back). */
  addToSlots(trx: Transaction<Database>, sharesByMold: ReadonlyArray<{ moldId: number; shares: SlotAccounts }>) {
    return upsertSlots(trx, sharesByMold, (column) => `time_state_slots.${column} + excluded.${column}`);
  }

  /** Replaces each mould's slots with these (a recomputed window); the roll-up sees them as changed. */
  replaceSlots(trx: Transaction<Database>, slotsByMold: ReadonlyArray<{ moldId: number; shares: SlotAccounts }>) {
    return upsertSlots(trx, slotsByMold, (column) => `excluded.${column}`);
  }

  /**
   * Of these slots of a mould, the ones whose 15-minute bucket holds roll-ups with no slot behind
   * them: history written straight into the roll-ups (the demo's seeded days), not from readings.
   */
  async historyWithoutSlots(
    trx: Transaction<Database>,
    moldId: number,
    slots: readonly number[],
  ): Promise<Set<number>> {
    const bucketOf = (slot: number) => Math.floor(slot / ROLLUP_BUCKET_SECONDS) * ROLLUP_BUCKET_SECONDS;
    const buckets = [...new Set(slots.map(bucketOf))].map((bucket) => new Date(bucket * 1000));
    if (buckets.length === 0) return new Set();
    const rows = await trx
      .selectFrom('mold_rollups as r')
      .select('r.bucket')
      .where('r.mold_id', '=', moldId)
      .where('r.bucket', 'in', buckets)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('time_state_slots as s')
              .select('s.slot_start')
              .where('s.mold_id', '=', moldId)
              .where('s.slot_start', '>=', sql<Date>`r.bucket`)
              .where('s.slot_start', '<', sql<Date>`r.bucket + interval '15 minutes'`),
          ),
        ),
      )
      .execute();
    const kept = new Set(rows.map((row) => row.bucket.getTime() / 1000));
    return new Set(slots.filter((slot) => kept.has(bucketOf(slot))));
  }

  /**
   * What the stored readings say of a mould from `lookback` seconds before `from` on (in time
   * order), and of the last reading before that: its time, and the last counter and current
   * reported before it. Two index scans on (mold_id, ts).
   */
  async recomputeInput(
    trx: Transaction<Database>,
    moldId: number,
    from: number,
    lookback: number,
  ): Promise<RecomputeInput> {
    const windowStart = new Date((from - lookback) * 1000);
    const readings = await trx
      .selectFrom('readings')
      .select([
        'ts',
        'seq',
        'event',
        'counter',
        'cycle_time',
        'mold_temp',
        'hrs_temp',
        'battery',
        'current',
        'lat',
        'lng',
      ])
      .where('mold_id', '=', moldId)
      .where('ts', '>=', windowStart)
      .orderBy('ts')
      .orderBy('seq')
      .execute();
    const before = await sql<{ last_seen_at: Date | null; counter: number | null; current: number | null }>`
      select
        (select max(ts) from readings where mold_id = ${moldId} and ts < ${windowStart}) as last_seen_at,
        (select counter from readings where mold_id = ${moldId} and ts < ${windowStart} and counter is not null
          order by ts desc, seq desc limit 1) as counter,
        (select current from readings where mold_id = ${moldId} and ts < ${windowStart} and current is not null
          order by ts desc, seq desc limit 1) as current`.execute(trx);
    const row = before.rows[0];
    return {
      from,
      readings: readings.map(timedReading),
      before: {
        lastSeenAt: row?.last_seen_at ? new Date(row.last_seen_at).getTime() / 1000 : null,
        counter: row?.counter ?? null,
        current: row?.current === null || row?.current === undefined ? null : Number(row.current),
      },
    };
  }

  /** Moulds with a status: the ones the sweep moves on. */
  async moldIdsWithStatus(db: Kysely<Database>): Promise<number[]> {
    const rows = await db.selectFrom('mold_status').select('mold_id').orderBy('mold_id').execute();
    return rows.map((row) => row.mold_id);
  }
}

/** The roll-ups' bucket (a quarter hour, aligned on the epoch as the roll-up's `date_bin` is). */
const ROLLUP_BUCKET_SECONDS = 900;

type SlotValueColumn = (typeof SLOT_VALUE_COLUMNS)[number];
const SLOT_VALUE_COLUMNS = [...SLOT_FRACTION_KEYS, 'energy_kwh'] as const;

/**
 * Writes each mould's slots, a slot already there getting `onConflict`'s value in each column: one
 * array parameter per column (infra/db/array-params.ts). A VALUES list of a parameter per cell
 * failed past 8,191 slots (65,535 parameters): a sweep after days down, across many moulds.
 */
async function upsertSlots(
  trx: Transaction<Database>,
  byMold: ReadonlyArray<{ moldId: number; shares: SlotAccounts }>,
  onConflict: (column: SlotValueColumn) => string,
): Promise<void> {
  const rows = byMold.flatMap(({ moldId, shares }) =>
    [...shares].map(([slot, account]) => ({ moldId, slot, account })),
  );
  if (rows.length === 0) return;
  const values = (column: SlotValueColumn) =>
    rows.map(({ account }) => (column === 'energy_kwh' ? account.energyKwh : account.fractions[column]));
  const columns = SLOT_VALUE_COLUMNS.join(', ');
  await sql`
    insert into time_state_slots (mold_id, slot_start, ${sql.raw(columns)})
    select * from unnest(${rows.map((row) => row.moldId)}::bigint[],
      ${rows.map((row) => timeText(new Date(row.slot * 1000)))}::timestamptz[],
      ${sql.join(SLOT_VALUE_COLUMNS.map((column) => sql`${values(column)}::float8[]`))})
    on conflict (mold_id, slot_start) do update set
      ${sql.raw(SLOT_VALUE_COLUMNS.map((column) => `${column} = ${onConflict(column)}`).join(', '))}, updated_at = now()`.execute(
    trx,
  );
}

type StoredReading = Pick<
  Selectable<ReadingsTable>,
  'ts' | 'seq' | 'event' | 'counter' | 'cycle_time' | 'mold_temp' | 'hrs_temp' | 'battery' | 'current' | 'lat' | 'lng'
>;

/** A stored reading as the accounting reads a message (nulls as absent fields). */
function timedReading(row: StoredReading): TimedReading {
  const reading: TimedReading = { ts: row.ts.getTime() / 1000, seq: Number(row.seq) };
  if (row.event !== null) reading.event = row.event;
  if (row.counter !== null) reading.counter = row.counter;
  if (row.cycle_time !== null) reading.cycle_time = row.cycle_time;
  if (row.mold_temp !== null) reading.mold_temp = row.mold_temp;
  if (row.hrs_temp !== null) reading.hrs_temp = row.hrs_temp;
  if (row.battery !== null) reading.battery = row.battery;
  if (row.current !== null) reading.current = row.current;
  if (row.lat !== null && row.lng !== null) reading.gps = { lat: row.lat, lng: row.lng };
  return reading;
}
