import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMold } from '../../../../test/factories.js';
import {
  addRejects,
  addRollups,
  dayRejectsAgainstLedger,
  monthsAgainstDays,
} from '../../../../test/report-fixtures.js';
import { startTestApp, type TestApp } from '../../../../test/test-app.js';
import { migrationProvider } from './index.js';
import type { Database } from '../schema.js';

/**
 * Migration 0037 on an install that kept days before it: each kept day gets the rejects the ledger
 * records in it and each month of kept days its sums, the primary key covers the new columns, and
 * `down` leaves the days as 0029 made them.
 */
let app: TestApp;
let db: Kysely<Database>;
let moldId: number;

const HOUR = 3600;
const DAY = 86_400;
/** 2026-01-30 00:00 UTC: the days run into February, in UTC and in +5:30. */
const D = Date.UTC(2026, 0, 30) / 1000;

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

const monthsTable = async () => {
  const { rows } = await sql<{ name: string | null }>`select to_regclass('mold_day_months')::text as name`.execute(db);
  return rows[0]!.name;
};

beforeAll(async () => {
  app = await startTestApp({}, undefined, {
    jobs: { state: { sweepIntervalMs: 3_600_000 }, rollups: { intervalMs: 3_600_000 } },
  });
  db = app.context.db;
  moldId = await createMold(db, app.orgId);
});
afterAll(() => app?.close());

describe('migration 0037: rejects in the kept days, months of the days', () => {
  it('adds up the rejects and months of the days kept before it, and goes back to the days of 0029', async () => {
    expect((await (await migrator()).migrateTo('0036_cycle_months')).error).toBeUndefined();
    expect(await monthsTable()).toBeNull();
    await sql`select report_days_fill('UTC'), report_days_fill('Asia/Kolkata')`.execute(db);
    await addRollups(db, moldId, D, D + 5 * DAY, { run_s: 600.25, off_s: 299.75, shots: 12, energy_kwh: 0.3 });
    // Rejects on kept days, on a day without roll-ups, and two in one +5:30 day across UTC midnight.
    await addRejects(db, app.orgId, moldId, D, [
      [D + 3 * HOUR, 5],
      [D + DAY + 20 * HOUR, 7],
      [D + 2 * DAY + 2 * HOUR, 11],
      [D + 9 * DAY, 2],
    ]);

    expect((await (await migrator()).migrateTo('0037_report_months')).error).toBeUndefined();
    expect(await primaryKey()).toEqual({ keys: 3, columns: 3 + 11 });
    expect(await dayRejectsAgainstLedger(db)).toEqual([]);
    expect(await monthsAgainstDays(db)).toEqual([]);
    const months = await db
      .selectFrom('mold_day_months')
      .select(['zone', 'lo', 'days', 'rejects'])
      .where('mold_id', '=', moldId)
      .orderBy('zone')
      .orderBy('lo')
      .execute();
    expect(
      months.map((month) => [month.zone, month.lo.toISOString(), Number(month.days), Number(month.rejects)]),
    ).toEqual([
      ['Asia/Kolkata', '2025-12-31T18:30:00.000Z', 2, 5],
      ['Asia/Kolkata', '2026-01-31T18:30:00.000Z', 5, 20],
      ['UTC', '2026-01-01T00:00:00.000Z', 2, 12],
      ['UTC', '2026-02-01T00:00:00.000Z', 4, 13],
    ]);

    expect((await (await migrator()).migrateDown()).error).toBeUndefined();
    expect(await monthsTable()).toBeNull();
    expect(await primaryKey()).toEqual({ keys: 3, columns: 3 + 9 });
    const { rows: columns } = await sql<{ name: string }>`
      select column_name as name from information_schema.columns
      where table_schema = current_schema() and table_name = 'mold_day_rollups' and column_name like 'reject%'`.execute(
      db,
    );
    expect(columns).toEqual([]);
    // The ledger is written to as before, and a new zone is filled as before.
    await addRejects(db, app.orgId, moldId, D, [[D + 4 * DAY, 3]]);
    await sql`select report_days_fill('America/St_Johns')`.execute(db);

    expect((await (await migrator()).migrateToLatest()).error).toBeUndefined();
    expect(await dayRejectsAgainstLedger(db)).toEqual([]);
    expect(await monthsAgainstDays(db)).toEqual([]);
  });
});
