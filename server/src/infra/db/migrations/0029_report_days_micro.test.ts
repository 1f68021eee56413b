import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMold } from '../../../../test/factories.js';
import { startTestApp, type TestApp } from '../../../../test/test-app.js';
import { migrationProvider } from './index.js';
import type { Database } from '../schema.js';

/**
 * Migration 0029 keeps the report days in whole millionths (bigint) instead of numeric: the days an
 * install kept under 0027 are converted to exactly the sum of their roll-ups' rounded millionths,
 * the triggers keep them so through inserts, updates and removals (adding and taking back leaves
 * exactly 0), and `down` brings the numeric days back.
 */
let app: TestApp;
let db: Kysely<Database>;
let moldId: number;

const HOUR = 3600;
/** 2026-03-02 00:00 UTC. */
const D = Date.UTC(2026, 2, 2) / 1000;
const MICRO = ['run', 'idle', 'alarm', 'stop', 'off'].map((state) => [`${state}_us`, `${state}_s`] as const);

const migrator = async () => {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return new Migrator({ db, provider: migrationProvider, migrationTableSchema: rows[0]!.schema });
};

/** The number of key columns and of all columns of the days' primary key. */
async function primaryKey() {
  const { rows } = await sql<{ keys: number; columns: number }>`
    select i.indnkeyatts as keys, i.indnatts as columns from pg_index i
    where i.indrelid = 'mold_day_rollups'::regclass and i.indisprimary`.execute(db);
  return rows[0];
}

/** Quarters of the mould from `from` on with awkward floats (thirds, tenths), as a device's slots give them. */
async function quarters(from: number, count: number, scale = 1) {
  const rows = Array.from({ length: count }, (_, k) => {
    const run = ((k % 7) + 1) * (900 / 9) * 0.1 * scale;
    return {
      mold_id: moldId,
      bucket: new Date((from + k * 900) * 1000),
      run_s: run,
      idle_s: 0.1 * k,
      alarm_s: 1 / 3,
      stop_s: 0,
      off_s: 900 - run - 0.1 * k - 1 / 3,
      shots: k + 1,
      energy_kwh: 0.123456789 * scale,
      cycle_time_sum: 29.7 * (k + 1),
      cycle_time_n: k + 1,
    };
  });
  await db.insertInto('mold_rollups').values(rows).execute();
}

/** Each kept day of the mould next to the same day added up from its roll-ups, each rounded to millionths. */
async function daysAgainstRollups() {
  const { rows } = await sql<Record<string, unknown>>`
    with r as (
      select z.zone, date_trunc('day', r.bucket at time zone z.zone) at time zone z.zone as lo,
        sum(round(r.run_s * 1e6)::bigint)::bigint as run_us, sum(round(r.idle_s * 1e6)::bigint)::bigint as idle_us,
        sum(round(r.alarm_s * 1e6)::bigint)::bigint as alarm_us, sum(round(r.stop_s * 1e6)::bigint)::bigint as stop_us,
        sum(round(r.off_s * 1e6)::bigint)::bigint as off_us, sum(r.shots)::bigint as shots,
        sum(round(r.energy_kwh * 1e6)::bigint)::bigint as energy_ukwh,
        sum(round(r.cycle_time_sum * 1e6)::bigint)::bigint as cycle_time_sum_us, sum(r.cycle_time_n)::bigint as cycle_time_n
      from mold_rollups r cross join report_day_zones z
      where r.mold_id = ${moldId} and z.filled_at is not null
      group by 1, 2
    )
    select r.zone as r_zone, d.zone as d_zone, r.lo as r_lo, d.lo as d_lo,
      r.run_us as r_run_us, d.run_us as d_run_us, r.idle_us as r_idle_us, d.idle_us as d_idle_us,
      r.alarm_us as r_alarm_us, d.alarm_us as d_alarm_us, r.stop_us as r_stop_us, d.stop_us as d_stop_us,
      r.off_us as r_off_us, d.off_us as d_off_us, r.shots as r_shots, d.shots as d_shots,
      r.energy_ukwh as r_energy_ukwh, d.energy_ukwh as d_energy_ukwh,
      r.cycle_time_sum_us as r_cycle_time_sum_us, d.cycle_time_sum_us as d_cycle_time_sum_us,
      r.cycle_time_n as r_cycle_time_n, d.cycle_time_n as d_cycle_time_n
    from r full join (select * from mold_day_rollups where mold_id = ${moldId}) d on d.zone = r.zone and d.lo = r.lo
    order by coalesce(r.zone, d.zone), coalesce(r.lo, d.lo)`.execute(db);
  return rows;
}

function expectDaysEqualRollups(rows: Record<string, unknown>[]) {
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    for (const key of Object.keys(row).filter((key) => key.startsWith('r_'))) {
      const kept = key.replace(/^r_/, 'd_');
      // A day whose roll-ups are all gone stays as a row of zeros.
      if (row.r_zone === null && key !== 'r_zone' && key !== 'r_lo') expect(Number(row[kept]), kept).toBe(0);
      else if (row.r_zone !== null) expect(row[kept], `${kept} of ${String(row.r_lo)}`).toEqual(row[key]);
    }
  }
}

beforeAll(async () => {
  app = await startTestApp({}, undefined, {
    jobs: { state: { sweepIntervalMs: 3_600_000 }, rollups: { intervalMs: 3_600_000 } },
  });
  db = app.context.db;
  moldId = await createMold(db, app.orgId);
});
afterAll(() => app?.close());

describe('migration 0029: kept days in millionths', () => {
  it('converts the days kept under 0027 to the sums of their rounded roll-ups, and back', async () => {
    const down = await (await migrator()).migrateTo('0028_maintenance_job');
    expect(down.error).toBeUndefined();
    const undone = Object.keys(await migrationProvider.getMigrations())
      .filter((name) => name > '0028_maintenance_job')
      .reverse();
    expect(undone.slice(-2)).toEqual(['0030_cycle_days', '0029_report_days_micro']);
    expect(down.results?.map((result) => result.migrationName)).toEqual(undone);
    // Under 0027: UTC and +5:30 kept in numeric, by its triggers.
    await sql`select report_days_fill('UTC'), report_days_fill('Asia/Kolkata')`.execute(db);
    await quarters(D - 2 * HOUR, 200);
    await db
      .updateTable('mold_rollups')
      .set({ run_s: sql`run_s * 0.7`, off_s: sql`off_s + run_s * 0.3` })
      .where('mold_id', '=', moldId)
      .where('bucket', '<', new Date((D + 5 * HOUR) * 1000))
      .execute();
    const { rows: before } = await sql<{ zone: string; lo: Date; run_s: string; energy_kwh: string; shots: string }>`
      select zone, lo, run_s, energy_kwh, shots from mold_day_rollups where mold_id = ${moldId} order by zone, lo`.execute(
      db,
    );
    expect(before.map((row) => row.zone)).toEqual([
      'Asia/Kolkata',
      'Asia/Kolkata',
      'Asia/Kolkata',
      'UTC',
      'UTC',
      'UTC',
    ]);

    const up = await (await migrator()).migrateTo('0029_report_days_micro');
    expect(up.error).toBeUndefined();
    const { rows: types } = await sql<{ column_name: string; data_type: string }>`
      select column_name, data_type from information_schema.columns
      where table_schema = current_schema() and table_name = 'mold_day_rollups' and data_type <> 'text'
        and column_name not in ('mold_id', 'lo', 'hi')
      order by column_name`.execute(db);
    expect(types.every((row) => row.data_type === 'bigint')).toBe(true);
    expect(types.map((row) => row.column_name)).toEqual(
      [...MICRO.map(([micro]) => micro), 'shots', 'energy_ukwh', 'cycle_time_sum_us', 'cycle_time_n'].sort(),
    );
    // The primary key covers the summed columns: a report reads the days from the index alone.
    expect(await primaryKey()).toEqual({ keys: 3, columns: 3 + 9 });
    const kept = await db.selectFrom('report_day_zones').select('zone').where('filled_at', 'is not', null).execute();
    expect(kept.map((row) => row.zone).sort()).toEqual(['Asia/Kolkata', 'UTC']);
    const after = await daysAgainstRollups();
    expectDaysEqualRollups(after);
    // The same days as before, to a millionth per roll-up (at most 96 in a day).
    for (const day of before) {
      const row = after.find((row) => row.d_zone === day.zone && (row.d_lo as Date).getTime() === day.lo.getTime())!;
      expect(Math.abs(Number(row.d_run_us) / 1e6 - Number(day.run_s))).toBeLessThan(96e-6);
      expect(Math.abs(Number(row.d_energy_ukwh) / 1e6 - Number(day.energy_kwh))).toBeLessThan(96e-6);
      expect(Number(row.d_shots)).toBe(Number(day.shots));
    }

    // Down again: numeric days, the sums of the roll-ups; then up for the tests below.
    expect((await (await migrator()).migrateDown()).error).toBeUndefined();
    const { rows: numeric } = await sql<{ run_s: string; sum: number }>`
      select d.run_s, (select sum(r.run_s::numeric) from mold_rollups r where r.mold_id = d.mold_id and r.bucket >= d.lo
          and r.bucket < d.hi) as sum
      from mold_day_rollups d where d.mold_id = ${moldId} and d.zone = 'UTC'`.execute(db);
    expect(numeric).toHaveLength(3);
    for (const row of numeric) expect(Number(row.run_s)).toBe(Number(row.sum));
    expect(await primaryKey()).toEqual({ keys: 3, columns: 3 });
    expect((await (await migrator()).migrateToLatest()).error).toBeUndefined();
  });

  it('the triggers keep each day the exact sum of its rounded roll-ups, and 0 once they are gone', async () => {
    await quarters(D + 3 * 86_400, 120, 1.37);
    expectDaysEqualRollups(await daysAgainstRollups());
    await db
      .updateTable('mold_rollups')
      .set({ run_s: sql`run_s / 3`, energy_kwh: sql`energy_kwh * 1.1`, shots: sql`shots + 1` })
      .where('mold_id', '=', moldId)
      .where('bucket', '>=', new Date((D + 3 * 86_400 + 7 * HOUR) * 1000))
      .execute();
    expectDaysEqualRollups(await daysAgainstRollups());
    // Every roll-up of the day after D + 3 days taken away: that day is left at exactly zero.
    await db
      .deleteFrom('mold_rollups')
      .where('mold_id', '=', moldId)
      .where('bucket', '>=', new Date((D + 4 * 86_400) * 1000))
      .execute();
    const rows = await daysAgainstRollups();
    expectDaysEqualRollups(rows);
    const emptied = rows.filter((row) => row.r_zone === null);
    expect(emptied.length).toBeGreaterThan(0);
    for (const row of emptied) {
      for (const [micro] of MICRO) expect(Number(row[`d_${micro}`])).toBe(0);
      expect(Number(row.d_energy_ukwh)).toBe(0);
    }
    // A zone filled now agrees with the days the triggers kept.
    await sql`select report_days_fill('America/St_Johns')`.execute(db);
    expectDaysEqualRollups(await daysAgainstRollups());
  });
});
