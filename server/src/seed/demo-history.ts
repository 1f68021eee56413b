import { setImmediate } from 'node:timers/promises';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { HOT_RUNNER_CHANNELS, MOLD_TEMP_CHANNELS, type DeviceProfile } from '@mouldwatch/shared';
import type { Database } from '../infra/db/schema.js';

/** How a demo mould's plant works: around the clock, two shifts (06–22), or day shifts on weekdays. */
export type ShiftPattern = 'continuous' | 'two-shift' | 'day-shift';

export interface DemoHistoryMould {
  moldId: number;
  profile: DeviceProfile;
  pattern: ShiftPattern;
  timeZone: string;
  /** The counter at the start of the history. */
  startCount: number;
  voltage: number;
}

/**
 * The last days are seeded in 15-minute buckets, as the roll-up writes them, so the hourly view
 * is exact in every time zone; older history in hour buckets (a quarter of the rows: the first
 * start stays fast), read by the day, week and month views.
 */
const FINE_DAYS = 35;
/**
 * History is written a part of this many days at a time: between parts a stop is heard and ends the
 * seed. One statement for all 13 months took 5 to 10 s with no turn for the event loop. Parts of 30
 * days took about a second each on a quiet machine, but 6 to 10 s at CI's load (12 on 2 cores), and
 * a stop waits for the part under way: the stop took 9 to 13 s there. Parts of 15 days stop within
 * the test's 8 s at that load, and cost nothing measurable: the history took 14.9–15.2 s with
 * them against 14.9–15.5 s with 30-day parts (quiet, three runs each, 2026-11-29).
 */
const PART_DAYS = 15;
/**
 * How much slower a day may run than the next: each local day's pace spreads the cycle time this
 * share (±half of it) around the mould's own cycle, so the daily Performance moves (docs/decisions.md,
 * "The demo's performance").
 */
const DAY_PACE_SPREAD = 0.07;
/** How much slower the first quarter hour of a shift (after the night's or Sunday's stop) cycles, on average: warming up. */
const WARM_UP_SLOWDOWN = 0.06;
/** Share of the running current drawn while idle, as the simulator draws it. */
const IDLE_CURRENT_SHARE = 0.35;

/** A channel's sum and count (a reading a minute): set value with noise while heated, none when off or unset. */
function channelSums(setpoints: 'mt' | 'hr', channel: number): RawBuilder<unknown> {
  const set = sql.raw(`p.${setpoints}[${channel}]`);
  const count = sql`case when ${set} is null or c.mode = 'off' then 0 else c.span / 60 end`;
  return sql`coalesce((${set} + (random() - 0.5) * 3) * ${count}, 0), ${count}`;
}

const channelColumns = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => `${prefix}${index + 1}_sum, ${prefix}${index + 1}_n`).join(', ');

/**
 * Writes the demo moulds' past straight into the roll-ups, [from, until): shifts and Sundays off,
 * breakdowns, a slow monthly drift, a pace of each day, slow stretches, a warm-up at each shift's start
 * and rare excursions of the cycle time, temperatures around their
 * set values, energy from the current. Recent hours come as raw readings through the real ingest
 * instead (the simulator back-fills them). Written PART_DAYS at a time, each part's counters going
 * on from the last; `signal` stops it before each part and after the last (the caller's transaction
 * takes it all back).
 * Answers each mould's counter at `until`.
 */
export async function seedDemoHistory(
  db: Kysely<Database>,
  moulds: readonly DemoHistoryMould[],
  from: Date,
  until: Date,
  signal?: AbortSignal,
): Promise<Map<number, number>> {
  // Each part's statement is read once: on PostgreSQL, compiling it (JIT) took longer than running
  // it (the demo's first start 28 s with JIT, 8.5 s without, quiet). For the seed's transaction.
  await sql`select set_config('jit', 'off', true)`.execute(db);
  const counters = new Map(moulds.map((mould) => [mould.moldId, mould.startCount]));
  const fineFrom = new Date(Math.max(from.getTime(), until.getTime() - FINE_DAYS * 86_400_000));
  for (let partFrom = from.getTime(); partFrom < until.getTime(); partFrom += PART_DAYS * 86_400_000) {
    // Before a part, not only after one: a stop during the steps before the history (the logins'
    // password hashes) waited for a whole part, 6 s under CI's load.
    await stopIfTold(signal);
    const part = {
      from: new Date(partFrom),
      until: new Date(Math.min(until.getTime(), partFrom + PART_DAYS * 86_400_000)),
    };
    await seedHistoryPart(db, moulds, counters, { from, fineFrom, until }, part);
    const { rows } = await sql<{ mold_id: string | number; counter: string | number }>`
      select mold_id, max(counter_last) as counter from mold_rollups
      where mold_id = any(${moulds.map((mould) => mould.moldId)}::bigint[]) and bucket >= ${part.from}
      group by mold_id`.execute(db);
    for (const row of rows) counters.set(Number(row.mold_id), Number(row.counter));
  }
  await stopIfTold(signal);
  return counters;
}

/** The embedded database answers without giving the event loop a turn: a stop is heard here. */
async function stopIfTold(signal: AbortSignal | undefined): Promise<void> {
  await setImmediate();
  signal?.throwIfAborted();
}

interface Span {
  from: Date;
  until: Date;
}

/** The buckets of the whole history (hours, then quarter hours from `fineFrom`) that fall in `part`. */
async function seedHistoryPart(
  db: Kysely<Database>,
  moulds: readonly DemoHistoryMould[],
  counters: ReadonlyMap<number, number>,
  { from, fineFrom, until }: Span & { fineFrom: Date },
  part: Span,
): Promise<void> {
  const params = JSON.stringify(
    moulds.map((mould) => ({
      mold_id: mould.moldId,
      cycle_time: mould.profile.cycleTime,
      current: mould.profile.current,
      voltage: mould.voltage,
      pattern: mould.pattern,
      tz: mould.timeZone,
      start_count: counters.get(mould.moldId),
      mt: mould.profile.moldSetpoints,
      hr: mould.profile.hotRunnerSetpoints,
    })),
  );
  const temperatures = [
    ...Array.from({ length: MOLD_TEMP_CHANNELS }, (_, index) => channelSums('mt', index + 1)),
    ...Array.from({ length: HOT_RUNNER_CHANNELS }, (_, index) => channelSums('hr', index + 1)),
  ];
  await sql`
    insert into mold_rollups (mold_id, bucket, ${sql.raw(channelColumns('mt', MOLD_TEMP_CHANNELS))},
      ${sql.raw(channelColumns('hr', HOT_RUNNER_CHANNELS))}, cycle_time_sum, cycle_time_n, open_time_sum,
      open_time_n, close_time_sum, close_time_n, shots, counter_last, run_s, idle_s, alarm_s, stop_s, off_s, energy_kwh)
    with p as materialized (
      select * from jsonb_to_recordset(${params}::jsonb) as p(mold_id bigint, cycle_time float8, current float8,
        voltage float8, pattern text, tz text, start_count bigint, mt float8[], hr float8[])
    ),
    buckets as (
      select * from (
        select bucket, 3600 as span from generate_series(${from}::timestamptz, ${fineFrom}::timestamptz - interval '1 hour',
          interval '1 hour') as bucket
        union all
        select bucket, 900 from generate_series(${fineFrom}::timestamptz, ${until}::timestamptz - interval '15 minutes',
          interval '15 minutes') as bucket
      ) as whole
      where bucket >= ${part.from} and bucket < ${part.until}
    ),
    -- Local hours and weekdays once per zone and bucket: converting time zones is the slow part.
    calendar as materialized (
      select z.tz, b.bucket, b.span, extract(hour from b.bucket at time zone z.tz) as hour,
        extract(minute from b.bucket at time zone z.tz) as minute,
        extract(isodow from b.bucket at time zone z.tz) as weekday,
        (b.bucket at time zone z.tz)::date - date '2000-01-01' as day,
        extract(epoch from b.bucket) / (30 * 86400) * 2 * pi() as phase
      from (select distinct tz from p) as z cross join buckets b
    ),
    shaped as materialized (
      select p.mold_id, c.bucket, c.span, s.mode, s.alarm,
        -- Around the mould's own cycle: a slow monthly drift of its own phase, a pace of the day
        -- (material, crew: each local day its own, from a hash of mould and day so it holds across
        -- the day's buckets), noise, slow stretches, cycle-time excursions, and the warm-up of the
        -- quarter hour after a shift's start or a Sunday (the simulator's: WARM_UP of
        -- simulator/src/device-model.ts); a bucket of an hour holds a quarter of a warm-up.
        p.cycle_time * (1 + 0.02 * sin(c.phase + p.mold_id) + ${sql.lit(DAY_PACE_SPREAD)} * (s.day_pace - 0.5)
          + 0.03 * (s.pace - 0.5) + case when s.slow then 0.08 else 0 end
          + case when s.alarm then 0.12 else 0 end
          + case when s.warming then ${sql.lit(WARM_UP_SLOWDOWN)} * 900 / c.span else 0 end) as cycle_time,
        case when s.mode = 'work' then c.span * (0.78 + 0.2 * s.pace) else 0 end as run_s
      from p join calendar c using (tz)
      cross join lateral (
        select random() as pace, random() < 0.01 as alarm, random() < 0.05 as slow,
          -- A hash in floating point (no text to build per row): even enough over 0..1.
          abs(sin(p.mold_id * 12.9898 + c.day * 78.233) * 43758.5453)
            - floor(abs(sin(p.mold_id * 12.9898 + c.day * 78.233) * 43758.5453)) as day_pace,
          c.minute = 0 and case p.pattern
            when 'two-shift' then c.hour = 6
            when 'day-shift' then c.hour = 8
            else c.hour = 0 and c.weekday = 1 end as warming,
          case
          when c.weekday = 7 then 'off'
          when p.pattern = 'two-shift' and (c.hour < 6 or c.hour >= 22) then 'stop'
          when p.pattern = 'day-shift' and (c.weekday = 6 or c.hour < 8 or c.hour >= 17) then 'stop'
          when random() < 0.02 then 'stop'
          else 'work' end as mode
      ) as s
    ),
    counted as materialized (
      select *, floor(run_s / cycle_time)::int as shots,
        case when mode = 'work' and alarm then span / 7.5 else 0 end as alarm_s
      from shaped
    ),
    timed as materialized (
      select *, case when mode = 'work' then span - run_s - alarm_s else 0 end as idle_s,
        sum(shots) over (partition by mold_id order by bucket) as counted_shots
      from counted
    )
    select c.mold_id, c.bucket, ${sql.join(temperatures)},
      c.shots * c.cycle_time, c.shots, c.shots * c.cycle_time * 0.14, c.shots, c.shots * c.cycle_time * 0.86, c.shots,
      c.shots, p.start_count + c.counted_shots, c.run_s, c.idle_s, c.alarm_s,
      case when c.mode = 'stop' then c.span else 0 end, case when c.mode = 'off' then c.span else 0 end,
      p.voltage * p.current * (c.run_s + c.alarm_s + ${IDLE_CURRENT_SHARE} * c.idle_s) / 3600 / 1000
    from timed c join p using (mold_id)`.execute(db);
}
