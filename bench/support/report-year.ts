// The report bench's year: N moulds with 13 months of 15-minute roll-ups, their kept days in two
// zones, the kept cycle days and a reject ledger, written set-based (one statement per batch of moulds).
import { readFileSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { CYCLE_BIN_RATIO } from '@mouldwatch/shared';
import type { Database } from '../../server/src/infra/db/schema.ts';
import { seedOrganization, type SeedUser } from '../../server/src/seed/organization.ts';

const DAYS = 396;
/**
 * Moulds per statement: 380,000 roll-ups, whose transition table (the kept days' triggers read it)
 * stays in memory with the session's work_mem (SEED_WORK_MEM) rather than going to temp files.
 */
const BATCH = 10;
const SEED_WORK_MEM = '256MB';
/** For building the roll-ups' primary key (19 million entries at 500 moulds) in one sort in memory. */
const SEED_MAINTENANCE_WORK_MEM = '1GB';
/** Share of the running current drawn while idle (as the demo's history). */
const IDLE_POWER_SHARE = 0.35;

export interface ReportYear {
  groupId: number;
  rollups: number;
  /** Filling a new zone's days from the roll-ups (report_days_fill), when asked for. */
  fillMs: number | null;
  /** The whole seed; the CPU this process spent on it (PGlite's work included), and PostgreSQL's backend. */
  seedMs: number;
  seedCpuS: number;
  seedDbCpuS: number | null;
}

/**
 * One organisation with `admin` (working in `zone`), a group of `moulds` granted to them (each its own
 * target cycle time and cavitation) and a year of their work (`seedYear`), the kept days of both
 * zones, the kept cycle days of those days and a reject ledger. On PostgreSQL two connections write
 * the roll-ups side by side (two cores).
 */
export async function seedReportYear(
  database: Kysely<Database>,
  moulds: number,
  admin: SeedUser,
  zone: string,
  { postgres, fill }: { postgres: boolean; fill: boolean },
): Promise<ReportYear> {
  const [started, cpuStarted] = [performance.now(), process.cpuUsage()];
  const on = <T>(work: (db: Kysely<Database>) => Promise<T>) => onConnection(database, postgres, work);
  const { value: setUp, ...setUpCpu } = await on(async (db) => {
    const { orgId } = await seedOrganization(db, 'Bench Org', admin);
    const adminId = (
      await db.selectFrom('users').select('id').where('username', '=', admin.username).executeTakeFirstOrThrow()
    ).id;
    const { groupId, ids } = await insertMoulds(db, orgId, adminId, moulds);
    await db.updateTable('users').set({ time_zone: zone }).where('id', '=', adminId).execute();
    // Both zones are kept from the start: the roll-up triggers add up their days as the year is
    // written, as they do for the roll-up job's writes. With `fill`, UTC is instead filled once
    // afterwards, as a zone nobody used before (its one-time cost: minutes at 500 moulds).
    await sql`update report_day_zones set filled_at = null`.execute(db);
    for (const kept of fill ? [zone] : ['UTC', zone]) await sql`select report_days_fill(${kept})`.execute(db);
    await planYear(db, ids);
    // Built once at the end, sorted, rather than entry by entry.
    await sql`alter table mold_rollups drop constraint mold_rollups_pk`.execute(db);
    return { orgId, groupId, ids };
  });
  const batches = Array.from({ length: Math.ceil(setUp.ids.length / BATCH) }, (_, index) =>
    setUp.ids.slice(index * BATCH, (index + 1) * BATCH),
  );
  const writers = await Promise.all(
    Array.from({ length: postgres ? 2 : 1 }, () => on((db) => writeRollups(db, batches))),
  );
  const finish = await on(async (db) => {
    await sql`alter table mold_rollups add constraint mold_rollups_pk primary key (mold_id, bucket)`.execute(db);
    const fillStarted = performance.now();
    if (fill) await sql`select report_days_fill('UTC')`.execute(db);
    const fillMs = fill ? performance.now() - fillStarted : null;
    await seedCycleDays(db);
    await seedRejects(db, setUp.orgId, setUp.ids);
    await sql`drop table bench_days`.execute(db);
    // The kept days and months read index-only: their visibility map now, not at autovacuum's first pass.
    await sql`vacuum (analyze) mold_day_rollups, mold_day_months, mold_cycle_days`.execute(db);
    // This schema's tables only: a bare ANALYZE would read every schema of the database.
    await sql`analyze mold_rollups, molds, user_mold_grants, work_order_rejects, cycle_day_pending`.execute(db);
    return fillMs;
  });
  const dbCpu = [setUpCpu, ...writers, finish].map((part) => part.dbCpuS);
  return {
    groupId: setUp.groupId,
    rollups: writers.reduce((sum, writer) => sum + writer.value, 0),
    fillMs: finish.value,
    seedMs: performance.now() - started,
    seedCpuS: cpuSeconds(process.cpuUsage(cpuStarted)),
    seedDbCpuS: dbCpu.includes(null) ? null : dbCpu.reduce((sum, cpu) => sum! + cpu!, 0),
  };
}

/**
 * `work` on a connection of its own with the seed's work_mem, and the CPU its PostgreSQL backend spent
 * (null on PGlite, which runs in this process).
 */
async function onConnection<T>(
  database: Kysely<Database>,
  postgres: boolean,
  work: (db: Kysely<Database>) => Promise<T>,
): Promise<{ value: T; dbCpuS: number | null }> {
  return database.connection().execute(async (db) => {
    const backend = postgres ? await backendCpu(db) : null;
    const before = backend?.read() ?? 0;
    await sql`select set_config('work_mem', ${SEED_WORK_MEM}, false),
      set_config('maintenance_work_mem', ${SEED_MAINTENANCE_WORK_MEM}, false)`.execute(db);
    try {
      const value = await work(db);
      return { value, dbCpuS: backend ? backend.read() - before : null };
    } finally {
      // The connection goes back to the server's pool: its reports run with their own settings.
      await sql`reset work_mem`.execute(db);
      await sql`reset maintenance_work_mem`.execute(db);
    }
  });
}

/** The group of moulds: targets of 18–42 s, cavitation 1, 2, 4 or 8, all granted to the admin. */
async function insertMoulds(db: Kysely<Database>, orgId: number, adminId: number, moulds: number) {
  const company = await db
    .insertInto('companies')
    .values({ org_id: orgId, name: 'Bench' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const group = await db
    .insertInto('mold_groups')
    .values({ org_id: orgId, company_id: company.id, name: 'Bench' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (let from = 0; from < moulds; from += 250) {
    const rows = await db
      .insertInto('molds')
      .values(
        Array.from({ length: Math.min(250, moulds - from) }, (_, index) => {
          const number = from + index + 1;
          return {
            org_id: orgId,
            group_id: group.id,
            name: `Bench mould ${String(number).padStart(4, '0')}`,
            mold_number: `B-${number}`,
            cavitation: [1, 2, 4, 8][number % 4],
            info: JSON.stringify({ cycle_time: 18 + ((number * 7) % 25), oee: 0.85, voltage: 380 }),
          };
        }),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((row) => row.id));
  }
  await db
    .insertInto('user_mold_grants')
    .values(ids.map((id) => ({ user_id: adminId, mold_id: id, shared_by: null })))
    .execute();
  return { groupId: group.id, ids };
}

/**
 * The plan of each mould's UTC days (`bench_days`), then its 15-minute roll-ups from the plan. A
 * mould runs around the clock, or stops on Sundays (a third of them); some days it does not produce
 * at all (4–16 % by mould: changeovers, no orders). A producing day has its own pace — the mould's
 * target, a bias of its own (0–6 % slow), a slow two-month drift and the day's spread — its own share
 * of running time and of quarters with an alarm; each quarter runs more or less of that share, now
 * and then breaks down (stopped), and its cycles spread 2 % around the day's pace. Energy follows the
 * running and (a third of it) the idle time.
 */
async function planYear(db: Kysely<Database>, ids: readonly number[]): Promise<void> {
  await sql`select setseed(0.23)`.execute(db);
  await sql`
    create unlogged table bench_days as
    select m.id as mold_id, d.day, m.target, m.cavitation, m.kw,
      case when (m.n % 3 = 0 and extract(isodow from d.day at time zone 'UTC') = 7) or random() < m.off_share then null
        else m.target * (1 + m.bias + 0.03 * sin(extract(epoch from d.day) / (60 * 86400) * 2 * pi() + m.n)
          + 0.04 * (random() - 0.5)) end as pace,
      0.55 + 0.35 * random() as run_share,
      0.06 * random() as alarm_share
    from (
      select id, row_number() over (order by id) as n, (info->>'cycle_time')::float8 as target, cavitation,
        6 + id % 10 as kw, 0.04 + 0.12 * random() as off_share, 0.06 * random() as bias
      from molds where id = any(${ids as number[]}::bigint[])
    ) as m
    cross join generate_series(date_trunc('day', now() - interval '${sql.raw(String(DAYS))} days', 'UTC'), now(),
      interval '1 day') as d(day)`.execute(db);
}

/** Takes batches of moulds off `batches` (shared with the other writers) and writes their roll-ups from the plan. */
async function writeRollups(db: Kysely<Database>, batches: number[][]): Promise<number> {
  let rollups = 0;
  for (let batch = batches.shift(); batch; batch = batches.shift()) {
    const { numAffectedRows } = await sql`
      insert into mold_rollups (mold_id, bucket, shots, run_s, idle_s, alarm_s, stop_s, off_s, energy_kwh,
        cycle_time_sum, cycle_time_n)
      select mold_id, bucket, shots, run_s, idle_s, alarm_s, stop_s, off_s,
        kw * (run_s + alarm_s + ${IDLE_POWER_SHARE} * idle_s) / 3600, coalesce(shots * cycle, 0), shots
      from (
        select mold_id, bucket, run_s, alarm_s, stop_s, off_s, 900 - run_s - alarm_s - stop_s - off_s as idle_s,
          coalesce(floor(run_s / cycle), 0)::int as shots, kw, cycle
        from (
          select d.mold_id, q.bucket, d.kw, d.pace * (1 + 0.02 * (random() - 0.5)) as cycle,
            case when d.pace is null or q.broken then 0 else 900 * least(1, d.run_share * (0.7 + 0.6 * random())) end as run_s,
            case when d.pace is not null and not q.broken and random() < d.alarm_share then 60 + 60 * random() else 0 end as alarm_s,
            case when d.pace is not null and q.broken then 900 else 0 end as stop_s,
            case when d.pace is null then 900 else 0 end as off_s
          from (select * from bench_days where mold_id = any(${batch as number[]}::bigint[])
            order by mold_id, day) as d
          cross join lateral (
            select bucket, random() < 0.01 as broken
            from generate_series(d.day, d.day + interval '23 hours 45 minutes', interval '15 minutes') as bucket
            where bucket <= now()
          ) as q
        ) as quarter
      ) as timed`.execute(db);
    rollups += Number(numAffectedRows ?? 0);
  }
  return rollups;
}

/**
 * The cycle statistics of every ended kept day that made cycles, as the roll-up job would keep them
 * from the raw readings (not seeded): the day's count and sum from its kept day; cycles spread about
 * 1.5 % around the day's mean (a median a little below it, rare long cycles up to 35 % over), the
 * shares within 2 % and 2–5 % of the target from that spread, the day's last 100 cycles and its
 * 1 % bins (a normal spread over nine bins, the rest in the middle one). The queue the zone fill
 * made is taken as computed: the steady state of an install.
 */
async function seedCycleDays(db: Kysely<Database>): Promise<void> {
  // The share of a normal spread (1.5 % of the mean) below a cycle time, logistic approximation.
  const below = (limit: string) => sql.raw(`1 / (1 + exp(-1.702 * (${limit} - d.mean) / (0.015 * d.mean)))`);
  await sql`
    insert into mold_cycle_days (zone, mold_id, lo, hi, n, sum_us, min_s, max_s, median_s, target_s,
      within2, within5, tail, bin_keys, bin_counts)
    select d.zone, d.mold_id, d.lo, d.hi, d.n, d.sum_us, d.mean * 0.955, d.mean * 1.045, d.mean * 0.998, d.target,
      s.within2, greatest(0, floor(d.n * (${below('d.target * 1.05')} - ${below('d.target * 0.95')})) - s.within2)::int,
      array(select (d.mean * (1 + 0.03 * (random() - 0.5)))::real from generate_series(1, least(d.n, 100))),
      b.bin_keys, b.bin_counts
    from (
      select k.zone, k.mold_id, k.lo, k.hi, k.cycle_time_n::int as n, k.cycle_time_sum_us as sum_us,
        k.cycle_time_sum_us / 1e6 / k.cycle_time_n as mean, (m.info->>'cycle_time')::float8 as target
      from mold_day_rollups k join molds m on m.id = k.mold_id
      where k.cycle_time_n > 0 and k.hi <= now()
    ) as d
    cross join lateral (
      select floor(d.n * (${below('d.target * 1.02')} - ${below('d.target * 0.98')}))::int as within2
    ) as s
    cross join lateral (
      select array_agg((floor(ln(d.mean) / ln(${CYCLE_BIN_RATIO})) + k)::smallint order by k) as bin_keys,
        array_agg(count order by k) as bin_counts
      from (
        select k, (share + case when k = 0 then d.n - sum(share) over () else 0 end)::int as count
        from (select k, floor(d.n * exp(-k * k / 4.5) / 3.76) as share from generate_series(-4, 4) as k) as spread
      ) as bins
      where count > 0
    ) as b`.execute(db);
  await sql`delete from cycle_day_pending`.execute(db);
}

/** Rejects on about a third of the producing days, up to 2 % of the day's parts, on one work order. */
async function seedRejects(db: Kysely<Database>, orgId: number, ids: readonly number[]): Promise<void> {
  const order = await db
    .insertInto('work_orders')
    .values({ org_id: orgId, mold_id: ids[0]!, order_no: 'B-1', start_date: new Date(), quantity: 1000 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    insert into work_order_rejects (order_id, mold_id, quantity, recorded_at)
    select ${order.id}, mold_id, 1 + floor(random() * 0.02 * 86400 * run_share / pace * cavitation),
      day + random() * interval '1 day'
    from bench_days where pace is not null and random() < 0.33 and day + interval '1 day' < now()`.execute(db);
}

const cpuSeconds = ({ user, system }: NodeJS.CpuUsage) => (user + system) / 1e6;

/** The CPU seconds the connection's backend has used so far (PostgreSQL on this machine), or null. */
async function backendCpu(db: Kysely<Database>) {
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
  const stat = `/proc/${rows[0]!.pid}/stat`;
  // Fields 14 and 15 (utime, stime) in clock ticks of 1/100 s; the name in brackets may hold spaces.
  const read = () => {
    const fields = readFileSync(stat, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };
  try {
    read();
    return { read };
  } catch {
    // A database on another machine.
    return null;
  }
}
