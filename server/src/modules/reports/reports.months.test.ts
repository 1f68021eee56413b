import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMold, orgIdOf, userIdOf } from '../../../test/factories.js';
import { dayRejectsAgainstLedger, monthsAgainstDays } from '../../../test/report-fixtures.js';
import { chunks } from '../../../test/replay.js';
import { ADMIN, startTestApp, type TestApp } from '../../../test/test-app.js';

/**
 * Migration 0037: the kept days carry the rejects the ledger records in them, and months of the days
 * (kept by triggers) give a period's whole months in one row each. A period answers the same from the
 * months as from their days (the months removed) — the summary, its moulds and total, and every row,
 * by day and by month — after days change and go too; the months are what the reports read.
 */

let app: TestApp;
let admin: string;
let adminId: number;
let orgId: number;
let orderId: number;
let alpha: number;
let bravo: number;

const HOUR = 3600;
const DAY = 86_400;
const at = (iso: string) => Date.parse(iso) / 1000;
/** From 06:00 UTC on 10 January to 09:00 UTC on 20 April 2026: partial first and last days, whole February and March. */
const START = at('2026-01-10T06:00:00Z');
const END = at('2026-04-20T09:00:00Z');
/** Bravo made nothing that day (a day without roll-ups), though a reject was recorded on it. */
const BRAVO_IDLE_DAY = at('2026-02-10T00:00:00Z');
const ZONES = ['Asia/Kolkata', 'UTC'] as const;

interface Row {
  mold_id: number;
  create_datetime: number;
  [key: string]: unknown;
}

async function data(path: string, query: string, zone: string) {
  const response = await app.request({
    method: 'GET',
    url: `/api/yudata/report/${path}/?mold_ids=${alpha},${bravo}&start=${START}&end=${END}&${query}`,
    headers: { 'time-zone': zone },
    token: admin,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Every row of a report by time, read a page at a time. */
async function allRows(query: string, zone: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await data('rows', `${query}&sort=create_datetime&order=asc&limit=100&page=${page}`, zone);
    rows.push(...answer.data);
    if (rows.length >= answer.total) return rows;
  }
}

/** What the report screens are shown, by day and by month, in both zones. */
async function answers() {
  const shown: Record<string, unknown> = {};
  for (const zone of ZONES) {
    for (const range of ['day', 'month']) {
      shown[`${zone} ${range} summary`] = (await data('summary', `range=${range}`, zone)).data;
      shown[`${zone} ${range} rows`] = await allRows(`range=${range}`, zone);
      shown[`${zone} ${range} best`] = (await data('rows', `range=${range}&sort=oee&order=desc&limit=20`, zone)).data;
    }
  }
  return shown;
}

/** The answers with the months removed (the reports read the days alone), the months put back after. */
async function answersFromDays() {
  const kept = await app.context.db.selectFrom('mold_day_months').selectAll().execute();
  await app.context.db.deleteFrom('mold_day_months').execute();
  try {
    return await answers();
  } finally {
    for (const part of chunks(kept, 500)) await app.context.db.insertInto('mold_day_months').values(part).execute();
  }
}

/** A quarter every three hours from `from` to `to` (UTC days), its figures moving with the day and the hour. */
async function quarters(moldId: number, from: number, to: number, seed: number) {
  const rows = [];
  for (let bucket = from; bucket < to; bucket += 3 * HOUR) {
    if (moldId === bravo && bucket >= BRAVO_IDLE_DAY && bucket < BRAVO_IDLE_DAY + DAY) continue;
    const step = Math.floor((bucket - from) / (3 * HOUR));
    const run = ((step * 37 + seed * 11) % 700) + 100;
    const alarm = step % 5 === 0 ? 30 : 0;
    const idle = (step * 13) % 60;
    rows.push({
      mold_id: moldId,
      bucket: new Date(bucket * 1000),
      run_s: run + 0.1 * (step % 3),
      idle_s: idle,
      alarm_s: alarm,
      stop_s: seed * 5,
      off_s: 900 - run - 0.1 * (step % 3) - idle - alarm - seed * 5,
      shots: Math.floor(run / (20 + seed)),
      energy_kwh: (run / 900) * (0.7 + seed * 0.1),
      cycle_time_sum: Math.floor(run / (20 + seed)) * (20 + seed),
      cycle_time_n: Math.floor(run / (20 + seed)),
    });
  }
  for (const part of chunks(rows, 1000)) await app.context.db.insertInto('mold_rollups').values(part).execute();
}

async function reject(moldId: number, quantity: number, recordedAt: number) {
  return app.context.db
    .insertInto('work_order_rejects')
    .values({ order_id: orderId, mold_id: moldId, quantity, recorded_at: new Date(recordedAt * 1000) })
    .returning('id')
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  app = await startTestApp({}, undefined, {
    jobs: { state: { sweepIntervalMs: 3_600_000, applyDelayMs: 0 }, rollups: { intervalMs: 3_600_000 } },
  });
  app.context.now = () => new Date(at('2026-05-01T00:00:00Z') * 1000);
  admin = await app.login(ADMIN);
  adminId = await userIdOf(app.context.db, ADMIN.username);
  orgId = await orgIdOf(app.context.db, adminId);
  alpha = await createMold(app.context.db, orgId, [adminId]);
  bravo = await createMold(app.context.db, orgId, [adminId]);
  await app.context.db
    .updateTable('molds')
    .set({ name: 'Alpha', cavitation: 4, info: JSON.stringify({ cycle_time: 21 }) })
    .where('id', '=', alpha)
    .execute();
  await app.context.db
    .updateTable('molds')
    .set({ name: 'Bravo', cavitation: null, info: JSON.stringify({ cycle_time: 22 }) })
    .where('id', '=', bravo)
    .execute();
  // Both zones kept before the year is written, as on an install that has been running.
  for (const zone of ZONES) await sql`select report_days_fill(${zone})`.execute(app.context.db);
  await quarters(alpha, at('2026-01-05T00:00:00Z'), at('2026-04-25T00:00:00Z'), 1);
  await quarters(bravo, at('2026-01-05T00:00:00Z'), at('2026-04-25T00:00:00Z'), 2);
  const order = await app.context.db
    .insertInto('work_orders')
    .values({ org_id: orgId, mold_id: alpha, order_no: 'WO-MONTHS', start_date: new Date(START * 1000), quantity: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  orderId = order.id;
  // Rejects most days, a day's worth beyond Alpha's parts in February, one on Bravo's idle day, and
  // some in the partial first and last days.
  for (let day = at('2026-01-10T00:00:00Z'); day < END; day += 2 * DAY)
    await reject(alpha, 3 + (day % 7), day + 7 * HOUR);
  await reject(alpha, 100_000, at('2026-02-14T12:00:00Z'));
  await reject(bravo, 9, BRAVO_IDLE_DAY + 5 * HOUR);
  await reject(bravo, 2, START + HOUR);
  await reject(bravo, 4, END - HOUR);
});
afterAll(async () => {
  await app?.close();
});

describe('rejects in the kept days', () => {
  it('each kept day holds the rejects the ledger records in it, in every kept zone', async () => {
    expect(await dayRejectsAgainstLedger(app.context.db)).toEqual([]);
    const idle = await app.context.db
      .selectFrom('mold_day_rollups')
      .select(['run_us', 'shots', 'rejects', 'reject_records'])
      .where('zone', '=', 'UTC')
      .where('mold_id', '=', bravo)
      .where('lo', '=', new Date(BRAVO_IDLE_DAY * 1000))
      .executeTakeFirstOrThrow();
    expect(Object.values(idle).map(Number)).toEqual([0, 0, 9, 1]);
  });

  it('follow the ledger: a reject added, changed, moved to another day and removed; a zone kept later adds up its own', async () => {
    const added = await reject(bravo, 5, at('2026-03-03T10:00:00Z'));
    expect(await dayRejectsAgainstLedger(app.context.db)).toEqual([]);
    await app.context.db.updateTable('work_order_rejects').set({ quantity: 8 }).where('id', '=', added.id).execute();
    expect(await dayRejectsAgainstLedger(app.context.db)).toEqual([]);
    await app.context.db
      .updateTable('work_order_rejects')
      .set({ recorded_at: new Date(at('2026-03-04T20:00:00Z') * 1000) })
      .where('id', '=', added.id)
      .execute();
    expect(await dayRejectsAgainstLedger(app.context.db)).toEqual([]);
    await app.context.db.deleteFrom('work_order_rejects').where('id', '=', added.id).execute();
    expect(await dayRejectsAgainstLedger(app.context.db)).toEqual([]);
    // A zone nobody asked for before: its days are filled from the roll-ups and the ledger at once.
    await data('summary', 'range=day', 'America/St_Johns');
    expect(await dayRejectsAgainstLedger(app.context.db)).toEqual([]);
    expect(await monthsAgainstDays(app.context.db)).toEqual([]);
    const zones = await app.context.db.selectFrom('mold_day_months').select('zone').distinct().execute();
    expect(zones.map((row) => row.zone).sort()).toEqual(['America/St_Johns', 'Asia/Kolkata', 'UTC']);
  });
});

describe('months of the kept days', () => {
  it('hold the sums and the number of their days', async () => {
    expect(await monthsAgainstDays(app.context.db)).toEqual([]);
    const february = await app.context.db
      .selectFrom('mold_day_months')
      .select(['days', 'hi'])
      .where('zone', '=', 'Asia/Kolkata')
      .where('mold_id', '=', bravo)
      .where('lo', '=', new Date(at('2026-01-31T18:30:00Z') * 1000))
      .executeTakeFirstOrThrow();
    // Bravo's idle day is a day of rejects alone; the +5:30 days each catch a UTC quarter or two.
    expect(february).toEqual({ days: 28, hi: new Date(at('2026-02-28T18:30:00Z') * 1000) });
  });

  it('a period answers the same from the months as from their days: summary, moulds, total and rows, by day and by month', async () => {
    const fromMonths = await answers();
    expect(await answersFromDays()).toEqual(fromMonths);
    const summary = fromMonths['Asia/Kolkata month summary'] as { buckets: Row[]; total: Row };
    expect(summary.buckets).toHaveLength(4);
    expect(summary.total.rejects_recorded).toBe(true);
    // Alpha's February rejects beyond its parts count its parts there, in the month and in its period.
    const rows = fromMonths['UTC day rows'] as Row[];
    const overDay = rows.find((row) => row.mold_id === alpha && row.create_datetime === at('2026-02-14T00:00:00Z'))!;
    expect(overDay.reject).toBe(overDay.parts);
    expect(overDay.reject_recorded).toBe(100_000);
    const days = fromMonths['UTC day summary'] as { moulds: Row[]; buckets: Row[] };
    const alphaRows = rows.filter((row) => row.mold_id === alpha);
    const added = (key: string) => alphaRows.reduce((total, row) => total + Number(row[key]), 0);
    const alphaPeriod = days.moulds.find((mould) => mould.mold_id === alpha)!;
    expect(alphaPeriod.reject).toBe(added('reject'));
    expect(alphaPeriod.reject_recorded).toBe(added('reject_recorded'));
    expect(alphaPeriod.run_s).toBeCloseTo(added('run_s'), 6);
  });

  it('are what the reports read: a month changed behind the triggers changes the period by day and the month', async () => {
    const march = { zone: 'UTC', mold_id: alpha, lo: new Date(at('2026-03-01T00:00:00Z') * 1000) };
    const before = (await data('summary', 'range=day', 'UTC')).data;
    const month = (await data('summary', 'range=month', 'UTC')).data;
    await sql`update mold_day_months set run_us = run_us + 3600000000
      where zone = ${march.zone} and mold_id = ${march.mold_id} and lo = ${march.lo}`.execute(app.context.db);
    try {
      const after = (await data('summary', 'range=day', 'UTC')).data;
      const alphaOf = (answer: { moulds: Row[] }) => answer.moulds.find((mould) => mould.mold_id === alpha)!;
      expect(Number(alphaOf(after).run_s) - Number(alphaOf(before).run_s)).toBeCloseTo(HOUR, 6);
      expect(after.total.run_s - before.total.run_s).toBeCloseTo(HOUR, 6);
      // A day's bucket is its day: the days were not changed.
      expect(after.buckets).toEqual(before.buckets);
      const monthAfter = (await data('summary', 'range=month', 'UTC')).data;
      expect(monthAfter.buckets[2].run_s - month.buckets[2].run_s).toBeCloseTo(HOUR, 6);
    } finally {
      await sql`update mold_day_months set run_us = run_us - 3600000000
        where zone = ${march.zone} and mold_id = ${march.mold_id} and lo = ${march.lo}`.execute(app.context.db);
    }
  });

  it('follow their days changed, added and removed, and the period still answers the same from them as from the days', async () => {
    // A late reading changes a roll-up inside March; Bravo's idle day gets a roll-up.
    await sql`update mold_rollups set run_s = run_s + 120, off_s = off_s - 120, shots = shots + 4
      where mold_id = ${alpha} and bucket = ${new Date(at('2026-03-12T06:00:00Z') * 1000)}`.execute(app.context.db);
    await app.context.db
      .insertInto('mold_rollups')
      .values({
        mold_id: bravo,
        bucket: new Date((BRAVO_IDLE_DAY + 9 * HOUR) * 1000),
        run_s: 500,
        off_s: 400,
        shots: 20,
      })
      .execute();
    expect(await monthsAgainstDays(app.context.db)).toEqual([]);
    const bravoFebruary = () =>
      app.context.db
        .selectFrom('mold_day_months')
        .select('days')
        .where('zone', '=', 'UTC')
        .where('mold_id', '=', bravo)
        .where('lo', '=', new Date(at('2026-02-01T00:00:00Z') * 1000))
        .executeTakeFirst();
    expect(await bravoFebruary()).toEqual({ days: 28 });
    // A day's roll-ups go (its sums fall to 0); days go from a month, and all of Bravo's February.
    await app.context.db
      .deleteFrom('mold_rollups')
      .where('mold_id', '=', alpha)
      .where('bucket', '>=', new Date(at('2026-03-20T00:00:00Z') * 1000))
      .where('bucket', '<', new Date(at('2026-03-21T00:00:00Z') * 1000))
      .execute();
    await app.context.db
      .deleteFrom('mold_day_rollups')
      .where('mold_id', '=', alpha)
      .where('lo', '>=', new Date(at('2026-02-20T00:00:00Z') * 1000))
      .where('lo', '<', new Date(at('2026-02-22T00:00:00Z') * 1000))
      .execute();
    await app.context.db
      .deleteFrom('mold_day_rollups')
      .where('zone', '=', 'UTC')
      .where('mold_id', '=', bravo)
      .where('lo', '>=', new Date(at('2026-02-01T00:00:00Z') * 1000))
      .where('lo', '<', new Date(at('2026-03-01T00:00:00Z') * 1000))
      .execute();
    expect(await monthsAgainstDays(app.context.db)).toEqual([]);
    expect(await bravoFebruary()).toBeUndefined();
    const fromMonths = await answers();
    expect(await answersFromDays()).toEqual(fromMonths);
    // Bravo's February in UTC is empty now: a row of zeros each day, and no month.
    const empty = (fromMonths['UTC day rows'] as Row[]).filter(
      (row) =>
        row.mold_id === bravo &&
        row.create_datetime >= at('2026-02-01T00:00:00Z') &&
        row.create_datetime < at('2026-03-01T00:00:00Z'),
    );
    expect(empty).toHaveLength(28);
    for (const row of empty) expect(row).toMatchObject({ planned_s: 0, shots: 0, reject_recorded: 0, oee: null });
  });
});
