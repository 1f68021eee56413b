import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MenuId, ResponseCode } from '@mouldwatch/shared';
import { ROW_SORTS } from './reports.repository.js';
import { createMold, limitMenuActions, orgIdOf, revokeMenu, userIdOf } from '../../../test/factories.js';
import { ADMIN, VIEWER, startTestApp, type TestApp } from '../../../test/test-app.js';
import { addMouldWith, addRejects, addRollups } from '../../../test/report-fixtures.js';

let app: TestApp;
let admin: string;
let adminId: number;
let orgId: number;
let mouldA: number;
let mouldB: number;
let foreignMould: number;

const HOUR = 3600;
const DAY = 86_400;
/** 2026-03-10 00:00 UTC: a plain day, in the past, inside nobody's daylight-saving change. */
const D = Date.UTC(2026, 2, 10) / 1000;
/** Europe/Berlin's 2026-03-29 has 23 hours: 2026-03-28T23:00Z to 2026-03-29T22:00Z. */
const SPRING = Date.UTC(2026, 2, 28, 23) / 1000;

const rollups = (moldId: number, from: number, to: number, values: Record<string, number>) =>
  addRollups(app.context.db, moldId, from, to, values);

const mouldWith = (info: Record<string, unknown>, cavitation: number, grantedTo: number[]) =>
  addMouldWith(app.context.db, orgId, info, cavitation, grantedTo);

const rejects = (moldId: number, entries: Array<[number, number]>) =>
  addRejects(app.context.db, orgId, moldId, D, entries);

function get(path: string, query: string, zone = 'UTC', token = admin) {
  return app.request({
    method: 'GET',
    url: `/api/yudata/report/${path}/?${query}`,
    headers: { 'time-zone': zone },
    token,
  });
}
async function data(path: string, query: string, zone = 'UTC') {
  const response = await get(path, query, zone);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  app = await startTestApp({}, undefined, {
    jobs: { state: { sweepIntervalMs: 3_600_000, applyDelayMs: 0 }, rollups: { intervalMs: 3_600_000 } },
  });
  admin = await app.login(ADMIN);
  adminId = await userIdOf(app.context.db, ADMIN.username);
  orgId = await orgIdOf(app.context.db, adminId);
  // A: cavitation 4, target cycle 30 s, target OEE 0.8. Each quarter: 600 s run, 200 idle, 100 stop,
  // 20 shots (600 ideal seconds: performance 1), 0.5 kW·h, cycles averaging 30 s.
  mouldA = await mouldWith({ cycle_time: 30, oee: 0.8, voltage: 220 }, 4, [adminId]);
  await rollups(mouldA, D, D + DAY, {
    run_s: 600,
    idle_s: 200,
    stop_s: 100,
    shots: 20,
    energy_kwh: 0.5,
    cycle_time_sum: 600,
    cycle_time_n: 20,
  });
  // 768 of its 7,680 parts rejected, recorded in the first hour: quality 0.9.
  await rejects(mouldA, [
    [D + 600, 500],
    [D + 1200, 268],
  ]);
  // B: cavitation 1, target 20 s; each quarter half run, half off, 22 shots (440 ideal seconds of 450 run).
  mouldB = await mouldWith({ cycle_time: 20 }, 1, [adminId]);
  await rollups(mouldB, D, D + DAY, { run_s: 450, off_s: 450, shots: 22, energy_kwh: 1 });
  // The Berlin spring day: A runs all of it.
  await rollups(mouldA, SPRING, SPRING + 23 * HOUR, { run_s: 900, shots: 30 });
  const other = await app.context.db
    .insertInto('organizations')
    .values({ name: 'Other' })
    .returning('id')
    .executeTakeFirstOrThrow();
  foreignMould = await createMold(app.context.db, other.id);
  await rollups(foreignMould, D, D + HOUR, { run_s: 900, shots: 30 });
});
afterAll(async () => {
  await app?.close();
});

describe('GET /api/yudata/report/oee/', () => {
  it("answers one mould's day from the roll-ups with each factor and the ledger's rejects", async () => {
    const body = await data('oee', `mold_id=${mouldA}&start=${D}&end=${D + DAY}&range=day`);
    expect(body.code).toBe(200);
    const { total, buckets, target_oee, rejects_recorded } = body.data;
    expect(target_oee).toBe(0.8);
    expect(rejects_recorded).toBe(true);
    expect(buckets).toHaveLength(1);
    expect(buckets[0].create_datetime).toBe(D);
    expect(total).toMatchObject({
      planned_s: 86_400,
      run_s: 57_600,
      idle_s: 19_200,
      stop_s: 9_600,
      off_s: 0,
      shots: 1_920,
      parts: 7_680,
      reject: 768,
      good: 6_912,
      ideal_cycle_s: 30,
      performance: 1,
      quality: 0.9,
      energy_kwh: 48,
    });
    expect(total.availability).toBeCloseTo(2 / 3, 6);
    expect(total.oee).toBeCloseTo(0.6, 6);
    expect(total.kwh_per_good_part).toBeCloseTo(48 / 6_912, 6);
  });

  it('by hour: the total is the sum of its rows, and a bucket without rejects says none were recorded', async () => {
    const { total, buckets } = (await data('oee', `mold_id=${mouldA}&start=${D}&end=${D + DAY}&range=hour`)).data;
    expect(buckets).toHaveLength(24);
    for (const key of ['planned_s', 'run_s', 'idle_s', 'stop_s', 'shots', 'parts', 'reject', 'good', 'energy_kwh']) {
      const sum = buckets.reduce((acc: number, bucket: Record<string, number>) => acc + bucket[key]!, 0);
      expect(sum, key).toBeCloseTo(total[key], 6);
    }
    expect(buckets[0]).toMatchObject({ reject: 320, rejects_recorded: true });
    expect(buckets[0].quality).toBe(0);
    expect(buckets[0].oee).toBe(0);
    expect(buckets[1]).toMatchObject({ reject: 0, reject_recorded: 0, rejects_recorded: false, quality: 1 });
    // Rejects above the parts of their bucket are capped there, the ledger's figure kept beside.
    expect(buckets[0].reject_recorded).toBe(768);
  });

  it('+5:30: days start at local midnight; the first and last are partial and keep their true length', async () => {
    const { buckets } = (await data('oee', `mold_id=${mouldA}&start=${D}&end=${D + DAY}&range=day`, 'Asia/Kolkata'))
      .data;
    expect(buckets.map((bucket: { create_datetime: number }) => bucket.create_datetime)).toEqual([D, D + DAY - 19_800]);
    expect(buckets[0].planned_s).toBe(DAY - 19_800);
    expect(buckets[1].planned_s).toBe(19_800);
    expect(buckets[1].end_datetime - buckets[1].create_datetime).toBe(19_800);
  });

  it('the day the clocks go forward has 23 hours of planned time', async () => {
    const { buckets, total } = (
      await data('oee', `mold_id=${mouldA}&start=${SPRING}&end=${SPRING + 23 * HOUR}&range=day`, 'Europe/Berlin')
    ).data;
    expect(buckets).toHaveLength(1);
    expect(buckets[0].end_datetime - buckets[0].create_datetime).toBe(23 * HOUR);
    expect(total).toMatchObject({ planned_s: 23 * HOUR, run_s: 23 * HOUR, availability: 1 });
    expect(total.performance).toBe(1);
  });

  it('a changed roll-up changes the report (the cache forgets it)', async () => {
    const query = `mold_id=${mouldB}&start=${D}&end=${D + HOUR}&range=hour`;
    expect((await data('oee', query)).data.total.shots).toBe(88);
    await app.context.db
      .updateTable('mold_rollups')
      .set({ shots: 45 })
      .where('mold_id', '=', mouldB)
      .where('bucket', '=', new Date(D * 1000))
      .execute();
    expect((await data('oee', query)).data.total.shots).toBe(111);
  });

  it("another organisation's mould is as absent as one that never existed: 404", async () => {
    for (const id of [foreignMould, 999_999]) {
      const response = await get('oee', `mold_id=${id}&start=${D}&end=${D + DAY}&range=day`);
      expect(response.statusCode).toBe(404);
    }
  });

  it('bad ranges are 400s naming the field', async () => {
    const cases: Array<[string, string]> = [
      [`mold_id=${mouldA}&start=${D}&end=${D}&range=day`, 'end'],
      [`mold_id=${mouldA}&start=${D}&end=${D + 40 * DAY}&range=hour`, 'range'],
      [`mold_id=${mouldA}&start=${D}&end=${D + DAY}&range=year`, 'range'],
      [`mold_id=${mouldA}&end=${D + DAY}&range=day`, 'start'],
      [`mold_id=abc&start=${D}&end=${D + DAY}`, 'mold_id'],
      [`mold_id=${mouldA}&start=-5&end=${D}`, 'start'],
    ];
    for (const [query, field] of cases) {
      const response = await get('oee', query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe(ResponseCode.invalid);
      expect(response.json().msg, query).toContain(field);
    }
  });
});

describe('several moulds', () => {
  it('the summary adds seconds and counts over moulds, never averages percentages', async () => {
    const { total, moulds, buckets } = (
      await data('summary', `mold_ids=${mouldA},${mouldB}&start=${D + HOUR}&end=${D + DAY}&range=day`)
    ).data;
    expect(moulds.map((mould: { mold_id: number }) => mould.mold_id).sort()).toEqual([mouldA, mouldB].sort());
    const a = moulds.find((mould: { mold_id: number }) => mould.mold_id === mouldA);
    const b = moulds.find((mould: { mold_id: number }) => mould.mold_id === mouldB);
    expect(total.planned_s).toBeCloseTo(a.planned_s + b.planned_s, 6);
    expect(total.parts).toBe(a.parts + b.parts);
    expect(total.run_s).toBeCloseTo(a.run_s + b.run_s, 6);
    const availability = (a.run_s + b.run_s) / (a.planned_s + b.planned_s);
    expect(total.availability).toBeCloseTo(availability, 6);
    expect(total.availability).not.toBeCloseTo((a.availability + b.availability) / 2, 3);
    expect(total.oee).toBeCloseTo(total.availability * total.performance * total.quality, 6);
    expect(buckets).toHaveLength(1);
    expect(buckets[0].shots).toBe(total.shots);
    expect(total.rejects_recorded).toBe(false);
    // The database's grouping agrees with the rows, cell by cell, rejects capped in each.
    const query = `mold_ids=${mouldA},${mouldB}&start=${D}&end=${D + DAY}&range=hour`;
    const summary = (await data('summary', query)).data;
    const rows = (await data('rows', `${query}&limit=500`)).data as Array<Record<string, number>>;
    for (const key of ['planned_s', 'run_s', 'shots', 'parts', 'reject', 'reject_recorded', 'good', 'energy_kwh']) {
      expect(summary.total[key], key).toBeCloseTo(
        rows.reduce((sum, row) => sum + row[key]!, 0),
        3,
      );
    }
    expect(summary.total.reject).toBe(320 + 0);
    expect(summary.buckets[0].reject).toBe(320);
    expect(summary.moulds.find((mould: { mold_id: number }) => mould.mold_id === mouldA).reject_recorded).toBe(768);
  });

  it('the rows are sorted and paged; a foreign mould in the list is left out', async () => {
    const query = `mold_ids=${mouldA},${mouldB},${foreignMould}&start=${D}&end=${D + 4 * HOUR}&range=hour`;
    const body = await data('rows', `${query}&sort=energy_kwh&order=desc&limit=3&page=1`);
    expect(body.total).toBe(8);
    expect(body.data).toHaveLength(3);
    expect(body.data.every((row: { mold_id: number }) => row.mold_id === mouldB)).toBe(true);
    const last = await data('rows', `${query}&sort=energy_kwh&order=desc&limit=3&page=3`);
    expect(last.data).toHaveLength(2);
    expect(last.data.every((row: { mold_id: number }) => row.mold_id === mouldA)).toBe(true);
  });

  it('paging through the rows by any sort finds every cell once, in order, from either end', async () => {
    // 2 moulds × 24 hours, the first 12 empty: nulls and many equal figures to break by mould and time.
    const query = `mold_ids=${mouldA},${mouldB}&start=${D - 12 * HOUR}&end=${D + 12 * HOUR}&range=hour`;
    type Row = { mold_id: number; create_datetime: number } & Record<string, number | null>;
    const cellsOf = async (sort: string, order: string, limit: number, page: number) =>
      (await data('rows', `${query}&sort=${sort}&order=${order}&limit=${limit}&page=${page}`)).data as Row[];
    const byName = await cellsOf('mold_name', 'asc', 48, 1);
    const rank = (row: Row) => byName.findIndex((other) => other.mold_id === row.mold_id);
    const id = (row: Row) => `${row.mold_id}@${row.create_datetime}`;
    for (const sort of ROW_SORTS) {
      for (const order of ['asc', 'desc']) {
        const all = await cellsOf(sort, order, 48, 1);
        expect(new Set(all.map(id)).size, sort).toBe(48);
        const paged: Row[] = [];
        // Pages of 5 (the last one short), the back ones picked from the end.
        for (let page = 1; page <= 10; page += 1) paged.push(...(await cellsOf(sort, order, 5, page)));
        expect(paged.map(id), `${sort} ${order}`).toEqual(all.map(id));
        expect(await cellsOf(sort, order, 5, 11)).toEqual([]);
        if (sort === 'mold_name' || sort === 'create_datetime') continue;
        const sign = order === 'asc' ? 1 : -1;
        for (let at = 1; at < all.length; at += 1) {
          const [a, b] = [all[at - 1]!, all[at]!];
          if (a[sort] === null) expect(b[sort], `${sort} nulls last`).toBeNull();
          else if (b[sort] !== null && a[sort] !== b[sort]) expect(sign * (b[sort]! - a[sort]!)).toBeGreaterThan(0);
          else if (b[sort] === a[sort]) {
            const before = rank(a) - rank(b) || a.create_datetime - b.create_datetime;
            expect(before, `${sort} ties by mould, then time`).toBeLessThan(0);
          }
        }
      }
    }
    // Some 400 requests one after another: 8–10 s on a busy machine, over 30 s in a load spike.
  }, 90_000);

  it("the mould picker lists the caller's moulds only", async () => {
    const body = await data('moulds', '');
    const ids = body.data.map((mould: { id: number }) => mould.id);
    expect(ids).toEqual(expect.arrayContaining([mouldA, mouldB]));
    expect(ids).not.toContain(foreignMould);
    expect(body.data.find((mould: { id: number }) => mould.id === mouldA)).toMatchObject({
      target_oee: 0.8,
      target_cycle_s: 30,
    });
  });

  it('a company or group selection and its bounds', async () => {
    const response = await get('summary', `group_id=999999&start=${D}&end=${D + DAY}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.moulds).toEqual([]);
    expect((await get('summary', `mold_ids=1,,2&start=${D}&end=${D + DAY}`)).statusCode).toBe(400);
  });

  it('the cycle-time report reads the raw cycles: median, extremes, last 100 and the bands', async () => {
    const now = Math.floor(Date.now() / 1000);
    const device = await app.context.db
      .insertInto('devices')
      .values({ org_id: orgId, device_no: `RPT-${now}`, token_hash: 'x'.repeat(64), mold_id: mouldA })
      .returning('id')
      .executeTakeFirstOrThrow();
    const cycles = [30, 30.3, 31, 33, 40];
    await app.context.db
      .insertInto('readings')
      .values(
        cycles.map((cycle_time, index) => ({
          device_id: device.id,
          seq: index + 1,
          ts: new Date((now - 3600 + index * 60) * 1000),
          mold_id: mouldA,
          cycle_time,
          event: 'cycle' as const,
        })),
      )
      .execute();
    const body = await data('cycle', `mold_ids=${mouldA}&start=${now - 2 * HOUR}&end=${now}&range=hour&bins=4`);
    const [mould] = body.data.moulds;
    expect(mould).toMatchObject({ count: 5, median_s: 31, min_s: 30, max_s: 40, target_cycle_s: 30 });
    expect(mould.avg_s).toBeCloseTo(164.3 / 5, 6);
    expect(mould.last100_avg_s).toBeCloseTo(164.3 / 5, 6);
    expect(mould.within2).toBeCloseTo(0.4, 6);
    expect(mould.within5).toBeCloseTo(0.2, 6);
    expect(mould.outside5).toBeCloseTo(0.4, 6);
    expect(body.data.histogram.reduce((sum: number, bin: { count: number }) => sum + bin.count, 0)).toBe(5);
    // Beyond 31 days the kept days answer (reports.cycle-days.test.ts), but not by the hour.
    expect((await get('cycle', `mold_ids=${mouldA}&start=${now - 40 * DAY}&end=${now}&range=hour`)).statusCode).toBe(
      400,
    );
  });
});

describe('export and permissions', () => {
  it("exports the rows and a total in the caller's language", async () => {
    const response = await app.request({
      method: 'GET',
      url: `/api/yudata/report/export/?mold_ids=${mouldA},${mouldB}&start=${D}&end=${D + DAY}&range=day&lang=zh_CN`,
      headers: { 'time-zone': 'Asia/Kolkata' },
      token: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toContain('模具');
    expect(rows[0]).toContain('OEE（%）');
    expect(rows).toHaveLength(1 + 4 + 1);
    expect(rows.at(-1)![0]).toBe('合计');
    expect(rows[1]![4]).toBe('2026-03-10 05:30');
  });

  it('a user without the mould, without the report menu or without export is refused', async () => {
    const viewer = await app.login(VIEWER);
    const viewerId = await userIdOf(app.context.db, VIEWER.username);
    expect((await get('oee', `mold_id=${mouldA}&start=${D}&end=${D + DAY}`, 'UTC', viewer)).statusCode).toBe(404);
    expect((await get('summary', `mold_ids=${mouldA}&start=${D}&end=${D + DAY}`, 'UTC', viewer)).statusCode).toBe(404);
    const summary = (
      await get('summary', `mold_ids=${mouldA},${mouldB}&start=${D}&end=${D + DAY}`, 'UTC', viewer)
    ).json();
    expect(summary.data.moulds).toEqual([]);
    await app.context.db
      .insertInto('user_mold_grants')
      .values({ user_id: viewerId, mold_id: mouldA, shared_by: adminId })
      .execute();
    expect((await get('oee', `mold_id=${mouldA}&start=${D}&end=${D + DAY}`, 'UTC', viewer)).statusCode).toBe(200);
    await limitMenuActions(app.context.db, VIEWER.username, MenuId.report, ['view']);
    const exported = await get('export', `mold_ids=${mouldA}&start=${D}&end=${D + DAY}`, 'UTC', viewer);
    expect(exported.statusCode).toBe(403);
    expect(exported.json().code).toBe(ResponseCode.forbidden);
    await revokeMenu(app.context.db, VIEWER.username, MenuId.report);
    const refused = await get('oee', `mold_id=${mouldA}&start=${D}&end=${D + DAY}`, 'UTC', viewer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(ResponseCode.forbidden);
  });
});

describe('sql sanity', () => {
  it("keeps one day per mould and local day of each kept zone, the sum of that day's roll-ups", async () => {
    // A zone's days are kept from the first report asked in it.
    await data('summary', `mold_ids=${mouldA}&start=${D}&end=${D + DAY}&range=day`, 'Asia/Kolkata');
    const { rows } = await sql<{ zone: string; lo: Date; hi: Date; run_us: number; shots: number }>`
      select zone, lo, hi, run_us, shots from mold_day_rollups where mold_id = ${mouldA} and zone in ('UTC', 'Asia/Kolkata')
      order by zone, lo`.execute(app.context.db);
    const day = (zone: string, lo: number) => rows.find((row) => row.zone === zone && row.lo.getTime() === lo * 1000);
    expect(day('UTC', D)).toMatchObject({ hi: new Date((D + DAY) * 1000) });
    // Seconds are kept in millionths (migration 0029).
    expect(day('UTC', D)!.run_us).toBe(96 * 600 * 1e6);
    // +5:30: the day of D's first quarter began at 18:30 UTC the day before and holds 74 of its quarters.
    expect(day('Asia/Kolkata', D - 19_800)!.run_us).toBe(74 * 600 * 1e6);
    expect(day('Asia/Kolkata', D + DAY - 19_800)!.shots).toBe(22 * 20);
  });
});
