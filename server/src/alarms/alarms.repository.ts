import { sql, type Insertable, type Kysely, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import { AlarmType } from '@mouldwatch/shared';
import type { AlarmsTable, Database, ReadingsTable, UserMessagesTable } from '../infra/db/schema.js';
import { timeText } from '../infra/db/array-params.js';
import { inParameterSlices } from '../infra/db/parameter-slices.js';
import type { MouldInfoCache } from '../state/mould-info-cache.js';

export type AlarmRow = Selectable<AlarmsTable>;
export type NewAlarm = Insertable<AlarmsTable>;
/** A mould's tracks as stored (`saveTracks`); `tracks` is JSON text. */
export interface TrackRow {
  mold_id: number;
  last_ts: Date | null;
  powered_off: boolean;
  offline_after_s: number;
  tracks: string;
}
/** A judged change of an open alarm (`updateAlarms`). */
export type AlarmChange = { id: number } & Pick<AlarmRow, 'value' | 'level' | 'bound' | 'closed_at' | 'updated_at'>;

/** A reading as the judge reads it, with its mould; `ts` in epoch seconds. */
export type ReadingToJudge = Pick<
  Selectable<ReadingsTable>,
  'seq' | 'event' | 'cycle_time' | 'open_time' | 'close_time' | 'mold_temp' | 'hrs_temp' | 'battery'
> & {
  mold_id: number;
  ts: number;
  /** Stored by a transaction below the cursor's new position: judged in this run. */
  ready: boolean;
};

/**
 * A reading's columns as the judge reads them; the bigints as float8 (exact below 2^53, as
 * Number() of their text was), the time in epoch seconds.
 */
const JUDGED_COLUMNS = sql`mold_id::float8 as mold_id, extract(epoch from ts)::float8 as ts, seq::float8 as seq, event,
  cycle_time, open_time, close_time, mold_temp, hrs_temp, battery`;

/**
 * The rows of `select` (a subquery named `r`) as one JSON array, in `order`. Every run reads back
 * each reading it judges: as one JSON text they cost the driver a single parse, where plain
 * columns cost a Date per timestamp and a character-by-character parse per float8 array (measured
 * over 5,000 readings: 2.0 against 9.1 µs of CPU a row).
 */
async function asJson<Row>(trx: Transaction<Database>, select: RawBuilder<unknown>, order: RawBuilder<unknown>) {
  const { rows } = await sql<{ rows: string | null }>`
    select json_agg(r order by ${order})::text as rows from (${select}) as r`.execute(trx);
  return rows[0]?.rows ? (JSON.parse(rows[0].rows) as Row[]) : [];
}

/** A mould's facts the engine needs: settings, monitoring flag, names for notices. */
export interface MouldFacts {
  id: number;
  org_id: number;
  name: string;
  mold_number: string;
  /** The row's `info`; null when the engine's MouldInfoCache holds this version. */
  info: unknown;
  launch_listen: number;
  /** The row's version (`xmin`): a saved change of the mould gives it a new one. */
  version: string;
}

/** Readings judged per run at most (a catch-up after a long stop goes in runs of this size). */
export const MAX_READINGS_PER_RUN = 5000;

/** Where a run's read-back ends: below a transaction, and with or without the run's limit. */
export interface ReadBackEnd {
  below?: string;
  /** All the readings below `below`, however many. */
  whole?: boolean;
}

/**
 * The readings' BRIN indexes (migrations 0005 and 0038): by `received_at`, which the roll-up reads, and
 * by the storing transaction's id, which the alarm run reads. Both keep the default 128 heap pages a
 * block range.
 */
const READINGS_BRIN_INDEXES = ['readings_received_at', 'readings_xid_order'];
export const READINGS_PAGES_PER_RANGE = 128;

/** The first heap block of the BRIN range holding `block`. */
export const readingsRangeOf = (block: number) =>
  Math.floor(block / READINGS_PAGES_PER_RANGE) * READINGS_PAGES_PER_RANGE;

/** The alarm engine's queries; those taking `trx` run in the caller's transaction. */
export class AlarmsRepository {
  /** The cursor, locked for the transaction. */
  async progress(trx: Transaction<Database>) {
    return trx
      .selectFrom('alarm_progress')
      .select('judged_below')
      .where('name', '=', 'readings')
      .forUpdate()
      .executeTakeFirstOrThrow();
  }

  /**
   * The oldest transaction still running (xid8 as text): every transaction below it has ended, its
   * readings committed or rolled back; and the heap's size in pages.
   */
  async horizon(trx: Transaction<Database>): Promise<{ xmin: string; blocks: number }> {
    const { rows } = await sql<{ xmin: string; blocks: number }>`
      select pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
        (pg_relation_size('readings') / current_setting('block_size')::bigint)::int as blocks`.execute(trx);
    return rows[0]!;
  }

  /**
   * Summarizes the block ranges of the readings' BRIN indexes from the one holding `fromBlock` to
   * the heap's end (`blocks` pages); a range summarized already is left as it is. PostgreSQL
   * summarizes a range only when (auto)vacuum runs, and a range not summarized is read whole by
   * every scan of the index: the run's scan (`readingsFrom`) would read every page stored since the
   * last vacuum, and the roll-up's too. A range summarized while it fills, the last one included,
   * is kept up to date by each insert. Skipped (answers null) while a session holds or awaits a lock
   * on `readings` that the summarization would wait for — a vacuum, an analyze, an index build:
   * waiting behind an autovacuum would cancel it. Answers the ranges summarized.
   */
  async summarizeNewRanges(db: Kysely<Database>, fromBlock: number, blocks: number): Promise<number | null> {
    const { rows } = await sql<{ ranges: number | null }>`
      select sum(brin_summarize_range(index::regclass, block))::int as ranges
      from unnest(${READINGS_BRIN_INDEXES}::text[]) as index
      cross join generate_series(${readingsRangeOf(fromBlock)}::bigint, ${blocks - 1}::bigint,
        ${READINGS_PAGES_PER_RANGE}::bigint) as block
      where not exists (
        select from pg_locks
        where database = (select oid from pg_database where datname = current_database())
          and relation = 'readings'::regclass and pid <> pg_backend_pid()
          and mode in ('ShareUpdateExclusiveLock', 'ShareLock', 'ShareRowExclusiveLock', 'ExclusiveLock',
            'AccessExclusiveLock'))`.execute(db);
    return rows[0]?.ranges ?? null;
  }

  /** The next transaction id to be given out: every transaction below it has started. */
  async nextXid(db: Kysely<Database>): Promise<string> {
    const { rows } = await sql<{ xmax: string }>`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`.execute(
      db,
    );
    return rows[0]!.xmax;
  }

  /** Whether every transaction below `xid` has ended (on the whole database server). */
  async endedBelow(db: Kysely<Database>, xid: string): Promise<boolean> {
    const { rows } = await sql<{ ended: boolean }>`
      select pg_snapshot_xmin(pg_current_snapshot()) >= ${xid}::xid8 as ended`.execute(db);
    return rows[0]!.ended;
  }

  /**
   * Readings of moulds stored by transactions from the cursor on, below `end.below` when given, in
   * transaction order: at most MAX_READINGS_PER_RUN + 1, or all of them when `end.whole`; `ready`
   * marks those below `xmin`, whose transactions have ended. Those of the transactions in `held`
   * are left out: the engine holds them (HeldReadings). The scan reads every reading in its range
   * (the limit applies after the sort): a run over a backlog gives the end its readings' count.
   * Read through the BRIN index on the transaction id (`readings_xid_order`): the block ranges holding
   * transactions from the cursor on, the newest one or two. A table
   * without statistics yet (new, restored) would be planned as a whole-table scan, in parallel
   * workers, at every run — never cheaper for the newest readings, so both are off for this query;
   * and so is compiling it (JIT), which a plan costed with a path turned off could reach for: the
   * sampled plan, run by hand with a scan of `alarm_progress` in it, took 600 ms to compile.
   */
  async readingsFrom(
    trx: Transaction<Database>,
    judgedBelow: string,
    xmin: string,
    held: readonly string[],
    end: ReadBackEnd = {},
  ): Promise<Array<ReadingToJudge & { xid: string }>> {
    // The settings as they were, read before they change (`offset 0`: the subquery runs first).
    const { rows: before } = await sql<{ seqscan: string; workers: string; jit: string }>`
      select was.seqscan, was.workers, was.jit, set_config('enable_seqscan', 'off', true),
        set_config('max_parallel_workers_per_gather', '0', true), set_config('jit', 'off', true)
      from (select current_setting('enable_seqscan') as seqscan,
        current_setting('max_parallel_workers_per_gather') as workers, current_setting('jit') as jit
        offset 0) as was`.execute(trx);
    const rows = await this.#readingsFrom(trx, judgedBelow, xmin, held, end);
    await sql`select set_config('enable_seqscan', ${before[0]!.seqscan}, true),
      set_config('max_parallel_workers_per_gather', ${before[0]!.workers}, true),
      set_config('jit', ${before[0]!.jit}, true)`.execute(trx);
    return rows;
  }

  async #readingsFrom(
    trx: Transaction<Database>,
    judgedBelow: string,
    xmin: string,
    held: readonly string[],
    { below, whole = false }: ReadBackEnd,
  ): Promise<Array<ReadingToJudge & { xid: string }>> {
    // xid8 has no JSON form of its own: it comes as its text.
    return asJson<ReadingToJudge & { xid: string }>(
      trx,
      sql`
        select ${JUDGED_COLUMNS}, xid, xid < ${xmin}::xid8 as ready
        from readings
        where (xid::text)::bigint >= ${judgedBelow}::bigint and xid >= ${judgedBelow}::xid8
          and mold_id is not null
          ${held.length === 0 ? sql`` : sql`and not xid = any(${held}::xid8[])`}
          ${below === undefined ? sql`` : sql`and xid < ${below}::xid8`}
        order by xid
        limit ${whole ? null : MAX_READINGS_PER_RUN + 1}`,
      sql`r.xid`,
    );
  }

  async saveProgress(trx: Transaction<Database>, judgedBelow: string): Promise<void> {
    await sql`update alarm_progress set judged_below = ${judgedBelow}::xid8 where name = 'readings'`.execute(trx);
  }

  /** The moulds' facts; `info` null where `infos` holds the row's version. */
  async moulds(db: Kysely<Database>, moldIds: readonly number[], infos: MouldInfoCache): Promise<MouldFacts[]> {
    if (moldIds.length === 0) return [];
    return db
      .selectFrom('molds')
      .select([
        'id',
        'org_id',
        'name',
        'mold_number',
        infos.infoUnlessKnown(moldIds).as('info'),
        'launch_listen',
        sql<string>`xmin::text`.as('version'),
      ])
      .where('id', 'in', moldIds)
      .execute();
  }

  async tracks(trx: Transaction<Database>, moldIds: readonly number[]) {
    if (moldIds.length === 0) return [];
    return trx.selectFrom('alarm_tracks').selectAll().where('mold_id', 'in', moldIds).execute();
  }

  /**
   * Writes each mould's tracks, a parameter per column (infra/db/array-params.ts): every run writes
   * every mould it judged, and a VALUES list of a parameter per cell cost the server more to build
   * than the judging (about 2.6 µs a mould in the query builder alone).
   */
  async saveTracks(trx: Transaction<Database>, rows: readonly TrackRow[]): Promise<void> {
    if (rows.length === 0) return;
    const column = <V>(value: (row: TrackRow) => V) => rows.map(value);
    await sql`
      insert into alarm_tracks (mold_id, last_ts, powered_off, offline_after_s, tracks)
      select mold_id, last_ts, powered_off, offline_after_s, tracks::jsonb
      from unnest(${column((row) => row.mold_id)}::bigint[], ${column((row) => timeText(row.last_ts))}::timestamptz[],
        ${column((row) => row.powered_off)}::bool[], ${column((row) => row.offline_after_s)}::int[],
        ${column((row) => row.tracks)}::text[]) as t(mold_id, last_ts, powered_off, offline_after_s, tracks)
      on conflict (mold_id) do update set last_ts = excluded.last_ts, powered_off = excluded.powered_off,
        offline_after_s = excluded.offline_after_s, tracks = excluded.tracks`.execute(trx);
  }

  /** The open alarms of these moulds, locked for the transaction. */
  async openAlarms(db: Kysely<Database> | Transaction<Database>, moldIds: readonly number[]): Promise<AlarmRow[]> {
    if (moldIds.length === 0) return [];
    return db
      .selectFrom('alarms')
      .selectAll()
      .where('mold_id', 'in', moldIds)
      .where('closed_at', 'is', null)
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  /**
   * Inserts alarms in one statement; an open one whose channel another instance opened meanwhile
   * (the unique partial index) is skipped. Answers the rows inserted.
   */
  async insertAlarms(db: Kysely<Database> | Transaction<Database>, alarms: readonly NewAlarm[]): Promise<AlarmRow[]> {
    return inParameterSlices(alarms, (slice) =>
      db
        .insertInto('alarms')
        .values(slice)
        .onConflict((conflict) =>
          conflict.columns(['mold_id', 'alarm_type', 'channel']).where('closed_at', 'is', null).doNothing(),
        )
        .returningAll()
        .execute(),
    );
  }

  async updateAlarm(
    db: Kysely<Database> | Transaction<Database>,
    id: number,
    change: Partial<Pick<AlarmRow, 'value' | 'level' | 'bound' | 'unit' | 'opened_at' | 'closed_at' | 'updated_at'>>,
  ): Promise<void> {
    await db.updateTable('alarms').set(change).where('id', '=', id).execute();
  }

  /**
   * Writes the judged changes of open alarms — worst value, level, bound, closing — in one
   * statement. For alarms that stay open or close (none reopens: one statement may not pass
   * through two open alarms of a channel, which the partial unique index refuses).
   */
  async updateAlarms(db: Kysely<Database> | Transaction<Database>, changes: readonly AlarmChange[]): Promise<void> {
    if (changes.length === 0) return;
    const iso = (date: Date | null) => date && date.toISOString();
    await sql`update alarms as a
      set value = c.value, level = c.level, bound = c.bound, closed_at = c.closed_at, updated_at = c.updated_at
      from unnest(${changes.map((change) => change.id)}::bigint[], ${changes.map((change) => change.value)}::float8[],
        ${changes.map((change) => change.level)}::text[], ${changes.map((change) => change.bound)}::float8[],
        ${changes.map((change) => iso(change.closed_at))}::timestamptz[],
        ${changes.map((change) => iso(change.updated_at))}::timestamptz[])
        as c(id, value, level, bound, closed_at, updated_at)
      where a.id = c.id`.execute(db);
  }

  /**
   * A mould's readings judged by the end of this run (transactions below `cut`), in reading-time
   * order: the `limit` latest before `before`, or the `limit` first from `from` on (before `before`).
   */
  async judgedReadings(
    trx: Transaction<Database>,
    moldId: number,
    cut: string,
    range: { from: Date; before?: Date } | { before: Date },
    limit: number,
  ): Promise<ReadingToJudge[]> {
    const from = 'from' in range ? range.from : undefined;
    const order = from === undefined ? sql`desc` : sql`asc`;
    return asJson<ReadingToJudge>(
      trx,
      sql`
        select ${JUDGED_COLUMNS}, true as ready
        from readings
        where mold_id = ${moldId} and xid < ${cut}::xid8
          and ${from === undefined ? sql`true` : sql`ts >= ${from}`}
          and ${range.before === undefined ? sql`true` : sql`ts < ${range.before}`}
        order by ts ${order}, seq ${order}
        limit ${limit}`,
      sql`r.ts, r.seq`,
    );
  }

  /**
   * A mould's alarms judged from readings (not maintenance, not an offline alarm the silence job
   * opened: those have a bound) that were open at or after `from`, locked for the transaction.
   */
  async readingAlarmsFrom(trx: Transaction<Database>, moldId: number, from: Date): Promise<AlarmRow[]> {
    return trx
      .selectFrom('alarms')
      .selectAll()
      .where('mold_id', '=', moldId)
      .where((eb) =>
        eb.or([
          eb('alarm_type', 'in', [AlarmType.cycleTime, AlarmType.temperature, AlarmType.power]),
          eb.and([eb('alarm_type', '=', AlarmType.offline), eb('bound', 'is', null)]),
        ]),
      )
      .where((eb) => eb.or([eb('closed_at', 'is', null), eb('closed_at', '>=', from)]))
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  /** Deletes withdrawn alarms with their notices. */
  async deleteAlarms(trx: Transaction<Database>, alarms: readonly AlarmRow[]): Promise<void> {
    if (alarms.length === 0) return;
    await trx
      .deleteFrom('user_messages')
      .where(
        'unique_str',
        'in',
        alarms.map((alarm) => alarm.unique_str),
      )
      .execute();
    await trx
      .deleteFrom('alarms')
      .where(
        'id',
        'in',
        alarms.map((alarm) => alarm.id),
      )
      .execute();
  }

  /** Who may read each of these moulds (grants and shares, active users): mould id → user ids. */
  async readersOf(db: Kysely<Database> | Transaction<Database>, moldIds: readonly number[]) {
    const readers = new Map<number, number[]>();
    if (moldIds.length === 0) return readers;
    const rows = await db
      .selectFrom('user_mold_grants as g')
      .innerJoin('users as u', 'u.id', 'g.user_id')
      .select(['g.mold_id', 'g.user_id'])
      .where('g.mold_id', 'in', moldIds)
      .where('u.is_active', '=', true)
      .orderBy('g.user_id')
      .execute();
    for (const row of rows) readers.set(row.mold_id, [...(readers.get(row.mold_id) ?? []), row.user_id]);
    return readers;
  }

  /** Notices in one statement: their ids and users, to announce after the commit. */
  async insertNotices(
    db: Kysely<Database> | Transaction<Database>,
    notices: ReadonlyArray<Insertable<UserMessagesTable>>,
  ) {
    return inParameterSlices(notices, (slice) =>
      db.insertInto('user_messages').values(slice).returning(['id', 'user_id']).execute(),
    );
  }

  /** Monitored moulds whose device has been silent past its learned interval, with no open offline alarm. */
  async silentMoulds(trx: Transaction<Database>, now: Date) {
    return trx
      .selectFrom('alarm_tracks as t')
      .innerJoin('molds as m', 'm.id', 't.mold_id')
      .select(['m.id', 'm.org_id', 'm.name', 'm.mold_number', 't.last_ts', 't.offline_after_s'])
      .where('m.launch_listen', '=', 1)
      .where('t.powered_off', '=', false)
      .where('t.last_ts', 'is not', null)
      .where(sql<boolean>`t.last_ts + t.offline_after_s * interval '1 second' < ${now}`)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('alarms as a')
              .select('a.id')
              .whereRef('a.mold_id', '=', 'm.id')
              .where('a.alarm_type', '=', 4)
              .where('a.closed_at', 'is', null),
          ),
        ),
      )
      .orderBy('m.id')
      .limit(1000)
      .execute();
  }

  /** Open, unacknowledged alarms whose last notice is older than their organisation's escalation delay. */
  async dueForEscalation(trx: Transaction<Database>, now: Date) {
    return trx
      .selectFrom('alarms as a')
      .innerJoin('molds as m', 'm.id', 'a.mold_id')
      .leftJoin('alarm_settings as s', 's.org_id', 'a.org_id')
      .selectAll('a')
      .select(['m.name as mold_name', 'm.mold_number'])
      .where('a.closed_at', 'is', null)
      .where('a.acknowledged_at', 'is', null)
      .where(sql<boolean>`coalesce(s.escalation_minutes, 30) > 0`)
      .where(sql<boolean>`a.last_notified_at + coalesce(s.escalation_minutes, 30) * interval '1 minute' <= ${now}`)
      .orderBy('a.id')
      .limit(1000)
      .forUpdate('a')
      .skipLocked()
      .execute();
  }

  async markEscalated(trx: Transaction<Database>, ids: readonly number[], now: Date): Promise<void> {
    if (ids.length === 0) return;
    await trx
      .updateTable('alarms')
      .set((eb) => ({ notified_count: eb('notified_count', '+', 1), last_notified_at: now }))
      .where('id', 'in', ids)
      .execute();
  }

  async mould(db: Kysely<Database> | Transaction<Database>, moldId: number) {
    return db
      .selectFrom('molds')
      .select(['id', 'org_id', 'name', 'mold_number'])
      .where('id', '=', moldId)
      .executeTakeFirst();
  }

  async openAlarmOf(trx: Transaction<Database>, moldId: number, alarmType: number, channel: string) {
    return trx
      .selectFrom('alarms')
      .selectAll()
      .where('mold_id', '=', moldId)
      .where('alarm_type', '=', alarmType)
      .where('channel', '=', channel)
      .where('closed_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
  }
}
