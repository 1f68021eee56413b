import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMold, orgIdOf, userIdOf } from '../../../test/factories.js';
import { chunks, mouldForStateTests } from '../../../test/replay.js';
import { ADMIN, startTestApp, type TestApp } from '../../../test/test-app.js';
import { ROW_SORTS } from './reports.repository.js';

/**
 * Reports read from the kept local days (migration 0027) and sort, page and total in the database:
 * the totals are the sums of the rows, every column sorts, pages tile, partial buckets, +5:30 and
 * daylight-saving days agree with the quarters, and late readings change the next report.
 */

let app: TestApp;
let admin: string;
let adminId: number;
let orgId: number;
/** The app's clock (epoch seconds); the late-readings test moves it. */
let clock = Math.floor(Date.now() / 1000);

const HOUR = 3600;
const DAY = 86_400;
/** 2026-03-02 00:00 UTC, a Monday: a week of plain days, in the past. */
const W = Date.UTC(2026, 2, 2) / 1000;
/** Europe/Berlin's 2026-10-25 has 25 hours: 2026-10-24T22:00Z to 2026-10-25T23:00Z. */
const AUTUMN = Date.UTC(2026, 9, 24, 22) / 1000;
const KOLKATA = 19_800;

interface Row {
  mold_id: number;
  mold_name: string;
  create_datetime: number;
  [key: string]: unknown;
}

async function quarters(moldId: number, from: number, to: number, values: (bucket: number) => Record<string, number>) {
  const rows = [];
  for (let bucket = from; bucket < to; bucket += 900) {
    rows.push({ mold_id: moldId, bucket: new Date(bucket * 1000), ...values(bucket) });
  }
  for (const part of chunks(rows, 1000)) await app.context.db.insertInto('mold_rollups').values(part).execute();
}

async function mould(name: string, info: Record<string, unknown>, cavitation: number | null) {
  const id = await createMold(app.context.db, orgId, [adminId]);
  await app.context.db
    .updateTable('molds')
    .set({ name, cavitation, info: JSON.stringify(info) })
    .where('id', '=', id)
    .execute();
  return id;
}

async function data(path: string, query: string, zone = 'UTC') {
  const response = await app.request({
    method: 'GET',
    url: `/api/yudata/report/${path}/?${query}`,
    headers: { 'time-zone': zone },
    token: admin,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Every row of a report, read a page at a time. */
async function allRows(query: string, zone: string, sort = 'create_datetime', order = 'asc'): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await data('rows', `${query}&sort=${sort}&order=${order}&limit=40&page=${page}`, zone);
    rows.push(...answer.data);
    if (rows.length >= answer.total || answer.data.length === 0) {
      expect(rows).toHaveLength(answer.total);
      return rows;
    }
  }
}

let moulds: number[] = [];
let selection = '';
const ADDED = ['run_s', 'idle_s', 'alarm_s', 'stop_s', 'off_s', 'shots', 'parts', 'reject', 'good', 'energy_kwh'];

beforeAll(async () => {
  app = await startTestApp({ DEVICE_RATE_LIMIT: '100000' }, undefined, {
    jobs: { state: { sweepIntervalMs: 3_600_000, applyDelayMs: 0 }, rollups: { intervalMs: 3_600_000 } },
  });
  app.context.now = () => new Date(clock * 1000);
  admin = await app.login(ADMIN);
  adminId = await userIdOf(app.context.db, ADMIN.username);
  orgId = await orgIdOf(app.context.db, adminId);
  // Four moulds whose figures change with the day and the hour, so every column has an order:
  // cavitation 4 with a target; no cavitation with a target; no target (performance null); a
  // mould that never makes a shot.
  const a = await mould('Alpha', { cycle_time: 30, oee: 0.8 }, 4);
  const b = await mould('Bravo', { cycle_time: 20 }, null);
  const c = await mould('Charlie', {}, 2);
  const d = await mould('Delta', { cycle_time: 25 }, 1);
  moulds = [a, b, c, d];
  selection = `mold_ids=${moulds.join(',')}`;
  const shape = (seed: number) => (bucket: number) => {
    const hour = Math.floor((bucket % DAY) / HOUR);
    const day = Math.floor((bucket - W) / DAY);
    const run = seed === 4 ? 300 : ((seed * 97 + day * 53 + hour * 31) % 600) + 100;
    const idle = hour % 5 === 0 ? 0 : (seed * 13 + day * 7) % 150;
    const alarm = (hour + seed) % 7 === 0 ? 45 : 0;
    const stop = seed === 3 ? 60 : 0;
    return {
      run_s: run,
      idle_s: idle,
      alarm_s: alarm,
      stop_s: stop,
      off_s: 900 - run - idle - alarm - stop,
      shots: seed === 4 ? 0 : Math.floor(run / (18 + seed * 4)),
      energy_kwh: (run / 900) * (0.3 + seed * 0.1),
      cycle_time_sum: seed === 4 ? 0 : run,
      cycle_time_n: seed === 4 ? 0 : Math.floor(run / (18 + seed * 4)),
    };
  };
  for (const [index, id] of moulds.entries()) await quarters(id, W - DAY, W + 8 * DAY, shape(index + 1));
  // Rejects of Alpha and Bravo spread over the week (more than Bravo's parts on its last day).
  const order = await app.context.db
    .insertInto('work_orders')
    .values({ org_id: orgId, mold_id: a, order_no: 'WO-DAYS', start_date: new Date(W * 1000), quantity: 1000 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.context.db
    .insertInto('work_order_rejects')
    .values([
      { order_id: order.id, mold_id: a, quantity: 40, recorded_at: new Date((W + 3 * HOUR) * 1000) },
      { order_id: order.id, mold_id: a, quantity: 25, recorded_at: new Date((W + 2 * DAY + 20 * HOUR) * 1000) },
      { order_id: order.id, mold_id: b, quantity: 100_000, recorded_at: new Date((W + 6 * DAY + HOUR) * 1000) },
    ])
    .execute();
  // The Berlin autumn day, on Alpha alone: every quarter runs.
  await quarters(a, AUTUMN - DAY, AUTUMN + 2 * DAY, () => ({ run_s: 900, shots: 30 }));
});
afterAll(async () => {
  await app?.close();
});

const sum = (rows: readonly Record<string, unknown>[], key: string) =>
  rows.reduce((total, row) => total + Number(row[key]), 0);

describe('totals are the sums of the rows', () => {
  for (const [range, zone] of [
    ['day', 'UTC'],
    ['day', 'Asia/Kolkata'],
    ['week', 'Asia/Kolkata'],
    ['month', 'Europe/Berlin'],
    ['hour', 'Asia/Kolkata'],
  ] as const) {
    it(`by ${range} in ${zone}: the total, each bucket and each mould add up their rows`, async () => {
      const end = range === 'hour' ? W + 2 * DAY : W + 7 * DAY;
      const query = `${selection}&start=${W}&end=${end}&range=${range}`;
      const summary = (await data('summary', query, zone)).data;
      const rows = await allRows(query, zone);
      for (const key of ADDED) {
        expect(summary.total[key], key).toBeCloseTo(sum(rows, key), 2);
        for (const bucket of summary.buckets) {
          const mine = rows.filter((row) => row.create_datetime === bucket.create_datetime);
          expect(mine).toHaveLength(4);
          expect(bucket[key], `${key} at ${bucket.create_datetime}`).toBeCloseTo(sum(mine, key), 2);
        }
        for (const perMould of summary.moulds) {
          expect(perMould[key]).toBeCloseTo(
            sum(
              rows.filter((row) => row.mold_id === perMould.mold_id),
              key,
            ),
            2,
          );
        }
      }
      // Factors from the summed seconds and counts, never averaged; they multiply to the OEE.
      const { total } = summary;
      expect(total.availability).toBeCloseTo(total.run_s / total.planned_s, 5);
      expect(total.quality).toBeCloseTo(total.good / total.parts, 5);
      expect(total.oee).toBeCloseTo(total.availability * total.performance * total.quality, 5);
      expect(total.planned_s).toBeCloseTo(total.run_s + total.idle_s + total.alarm_s + total.stop_s, 2);
    });
  }

  it('the kept days give what the quarters give: a day report equals its hours, +5:30 included', async () => {
    for (const zone of ['UTC', 'Asia/Kolkata']) {
      const query = `${selection}&start=${W}&end=${W + 3 * DAY}`;
      const byDay = (await data('summary', `${query}&range=day`, zone)).data;
      const hours = (await data('summary', `${query}&range=hour`, zone)).data;
      for (const bucket of byDay.buckets) {
        const inside = hours.buckets.filter(
          (hour: Row) => hour.create_datetime >= bucket.create_datetime && hour.create_datetime < bucket.end_datetime,
        );
        for (const key of ADDED.filter((key) => key !== 'reject' && key !== 'good')) {
          expect(bucket[key], `${zone} ${key}`).toBeCloseTo(sum(inside, key), 2);
        }
      }
    }
    const kept = await app.context.db.selectFrom('report_day_zones').select(['zone', 'filled_at']).execute();
    expect(kept.find((row) => row.zone === 'Asia/Kolkata')?.filled_at).toBeInstanceOf(Date);
  });
});

describe('sorting and paging in the database', () => {
  const query = `start=${W}&end=${W + 7 * DAY}&range=day`;
  const rankOf = (row: Row) => ['Alpha', 'Bravo', 'Charlie', 'Delta'].indexOf(row.mold_name);

  for (const sort of ROW_SORTS) {
    it(`sorts by ${sort} both ways, nulls last, equal figures by mould and time`, async () => {
      for (const order of ['asc', 'desc'] as const) {
        const rows = await allRows(`${selection}&${query}`, 'Asia/Kolkata', sort, order);
        expect(rows).toHaveLength(4 * 8);
        const sign = order === 'asc' ? 1 : -1;
        for (let k = 1; k < rows.length; k += 1) {
          const [a, b] = [rows[k - 1]!, rows[k]!];
          const base = rankOf(a) - rankOf(b) || a.create_datetime - b.create_datetime;
          if (sort === 'mold_name') {
            expect(Math.sign(base) * sign, `${order} ${k}`).toBe(-1);
            continue;
          }
          const [x, y] = [a[sort] as number | null, b[sort] as number | null];
          if (x === null) {
            expect(y, `${order} ${k}: nulls last`).toBeNull();
            continue;
          }
          if (y === null || x !== y) {
            if (y !== null) expect((x - y) * sign, `${order} ${k}: ${x} then ${y}`).toBeLessThan(0);
            continue;
          }
          // Equal (as shown, rounded): mould then time, or time then mould when sorted by time.
          if (sort !== 'create_datetime') expect(base, `${order} ${k}: equal figures`).toBeLessThanOrEqual(0);
          else expect(rankOf(a)).toBeLessThan(rankOf(b));
        }
      }
      const nulls = (await allRows(`${selection}&${query}`, 'UTC', sort, 'desc')).filter((row) => row[sort] === null);
      if (sort === 'performance') expect(nulls.length).toBeGreaterThan(0);
    });
  }

  it('pages tile the sorted list, the total counts every mould × bucket, a page past the end is empty', async () => {
    const full = await allRows(`${selection}&${query}`, 'UTC', 'oee', 'desc');
    const pages = [];
    for (let page = 1; page <= 5; page += 1) {
      const answer = await data('rows', `${selection}&${query}&sort=oee&order=desc&limit=7&page=${page}`);
      expect(answer.total).toBe(4 * 7);
      pages.push(...answer.data);
    }
    expect(pages.map((row: Row) => [row.mold_id, row.create_datetime])).toEqual(
      full.map((row) => [row.mold_id, row.create_datetime]),
    );
    expect((await data('rows', `${selection}&${query}&limit=50&page=9`)).data).toEqual([]);
  });

  it('moulds with a cell every day and a mould with empty days: every mould × day once, the empty ones as zeros', async () => {
    const echo = await mould('Echo', { cycle_time: 30 }, 2);
    await quarters(echo, W + 4 * DAY, W + 5 * DAY, () => ({ run_s: 600, idle_s: 300, shots: 20 }));
    const rows = await allRows(`mold_ids=${[...moulds, echo].join(',')}&${query}`, 'UTC', 'oee', 'desc');
    expect(rows).toHaveLength(5 * 7);
    expect(new Set(rows.map((row) => `${row.mold_id}:${row.create_datetime}`)).size).toBe(5 * 7);
    const empty = rows.filter((row) => row.mold_id === echo && row.create_datetime !== W + 4 * DAY);
    expect(empty).toHaveLength(6);
    for (const row of empty) expect(row).toMatchObject({ planned_s: 0, run_s: 0, shots: 0, oee: null });
    // Nulls last, equal (null) figures by mould and time: Echo's empty days close the list in time order.
    expect(rows.slice(-6).map((row) => [row.mold_id, row.create_datetime])).toEqual(
      empty.map((row) => [echo, row.create_datetime]).sort((a, b) => a[1]! - b[1]!),
    );
    const made = rows.find((row) => row.mold_id === echo && row.create_datetime === W + 4 * DAY)!;
    expect(made).toMatchObject({ planned_s: 900 * 96, run_s: 600 * 96, shots: 20 * 96 });
    const byTime = await allRows(`mold_ids=${[...moulds, echo].join(',')}&${query}`, 'UTC', 'create_datetime', 'asc');
    expect(byTime.map((row) => row.mold_name)).toEqual(
      Array.from({ length: 7 }, () => ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']).flat(),
    );
  });

  it("a mould's empty bucket is a row of zeros, and the other organisation's mould is not one", async () => {
    const other = await app.context.db
      .insertInto('organizations')
      .values({ name: 'Other days' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const foreign = await createMold(app.context.db, other.id);
    await quarters(foreign, W, W + DAY, () => ({ run_s: 900, shots: 30 }));
    const answer = await data('rows', `mold_ids=${moulds[0]},${foreign}&start=${W - 3 * DAY}&end=${W + DAY}&range=day`);
    expect(answer.total).toBe(4);
    expect(answer.data.map((row: Row) => row.mold_id)).toEqual([moulds[0], moulds[0], moulds[0], moulds[0]]);
    expect(answer.data[0]).toMatchObject({ planned_s: 0, shots: 0, availability: null, oee: null });
  });
});

describe('partial buckets, +5:30 and daylight saving', () => {
  it('a partial first and last bucket count the quarters that start inside them', async () => {
    // From 05:37 on the Tuesday to 10:00 on the Thursday, UTC: the 05:30 quarter starts before it.
    const start = W + DAY + 5 * HOUR + 37 * 60;
    const end = W + 3 * DAY + 10 * HOUR;
    const [a] = moulds;
    const { buckets, total } = (await data('oee', `mold_id=${a}&start=${start}&end=${end}&range=day`)).data;
    expect(buckets.map((bucket: Row) => bucket.create_datetime)).toEqual([start, W + 2 * DAY, W + 3 * DAY]);
    const rows = await app.context.db
      .selectFrom('mold_rollups')
      .select(['bucket', 'run_s', 'shots'])
      .where('mold_id', '=', a!)
      .where('bucket', '>=', new Date((W + DAY + 5 * HOUR + 45 * 60) * 1000))
      .where('bucket', '<', new Date(end * 1000))
      .execute();
    const inBucket = (lo: number, hi: number) =>
      rows.filter((row) => row.bucket >= new Date(lo * 1000) && row.bucket < new Date(hi * 1000));
    expect(buckets[0].run_s).toBe(sum(inBucket(start, W + 2 * DAY), 'run_s'));
    expect(buckets[2].shots).toBe(sum(inBucket(W + 3 * DAY, end), 'shots'));
    expect(buckets[2].end_datetime - buckets[2].create_datetime).toBe(10 * HOUR);
    expect(total.run_s).toBe(sum(rows, 'run_s'));
  });

  it('+5:30: whole local days from the kept days, the edges from the quarters, as the hours say', async () => {
    const [a] = moulds;
    // From local midnight of the 2nd (18:30 UTC on the 1st) to 12:00 UTC on the 4th (17:30 local).
    const start = W - KOLKATA;
    const end = W + 2 * DAY + 12 * HOUR;
    const query = `mold_id=${a}&start=${start}&end=${end}`;
    const byDay = (await data('oee', `${query}&range=day`, 'Asia/Kolkata')).data;
    const byHour = (await data('oee', `${query}&range=hour`, 'Asia/Kolkata')).data;
    expect(byDay.buckets.map((bucket: Row) => bucket.create_datetime)).toEqual([start, start + DAY, start + 2 * DAY]);
    expect(byDay.buckets[2].end_datetime).toBe(end);
    for (const key of ['run_s', 'planned_s', 'shots', 'energy_kwh'])
      expect(byDay.total[key]).toBeCloseTo(byHour.total[key], 3);
    const { rows } = await sql<{ run: number }>`
      select sum(run_s)::float8 as run from mold_rollups
      where mold_id = ${a} and bucket >= to_timestamp(${start + DAY}) and bucket < to_timestamp(${start + 2 * DAY})`.execute(
      app.context.db,
    );
    expect(byDay.buckets[1].run_s).toBeCloseTo(rows[0]!.run, 3);
  });

  it('the day the clocks go back has 25 hours, by day, by week and by month', async () => {
    const [a] = moulds;
    const query = `mold_id=${a}&start=${AUTUMN}&end=${AUTUMN + 25 * HOUR}`;
    for (const range of ['day', 'week', 'month']) {
      const { buckets, total } = (await data('oee', `${query}&range=${range}`, 'Europe/Berlin')).data;
      expect(buckets).toHaveLength(1);
      expect(buckets[0].end_datetime - buckets[0].create_datetime).toBe(25 * HOUR);
      expect(total).toMatchObject({ planned_s: 25 * HOUR, run_s: 25 * HOUR, shots: 100 * 30, availability: 1 });
    }
  });
});

describe('late readings', () => {
  const start = Math.floor((Date.now() / 1000 - 6 * DAY) / DAY) * DAY;

  /** A mould's readings: a cycle a minute over [from, to) with a counter rising from `counter`. */
  const cycles = (from: number, to: number, counter: number) => {
    const readings = [];
    for (let ts = from; ts < to; ts += 60) {
      readings.push({ seq: ts - start + 1, ts, event: 'cycle', counter: (counter += 1), cycle_time: 58, current: 8 });
    }
    return readings;
  };

  it('readings that arrive after a report was read change the next report, to what they would have been on time', async () => {
    const { moldId: late, device: lateDevice } = await mouldForStateTests(app, admin, [adminId]);
    const { moldId: onTime, device: onTimeDevice } = await mouldForStateTests(app, admin, [adminId]);
    const send = async (token: string, batch: readonly Record<string, unknown>[]) => {
      const response = await app.request({
        method: 'POST',
        url: '/api/device/telemetry/',
        headers: { authorization: `Device ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify(batch),
      });
      expect(response.statusCode).toBe(200);
      await app.services.state.settled();
    };
    const morning = cycles(start + 6 * HOUR, start + 9 * HOUR, 1000);
    const afternoon = cycles(start + 13 * HOUR, start + 15 * HOUR, 1000 + morning.length);
    clock = start + 16 * HOUR;
    for (const batch of chunks([...morning, ...afternoon], 100)) await send(onTimeDevice.token, batch);
    await send(lateDevice.token, afternoon.slice(0, 1));
    await send(lateDevice.token, afternoon.slice(1));
    clock = start + 3 * DAY;
    await app.services.state.sweep();
    await app.services.rollups.run();
    const query = (id: number) => `mold_id=${id}&start=${start - DAY}&end=${start + 2 * DAY}&range=day`;
    const before = (await data('oee', query(late), 'Asia/Kolkata')).data;
    const expected = (await data('oee', query(onTime), 'Asia/Kolkata')).data;
    expect(before.total.shots).toBeLessThan(expected.total.shots);

    // Two days later the device uploads its morning.
    for (const batch of chunks(morning, 60).reverse()) await send(lateDevice.token, batch);
    await app.services.state.sweep();
    await app.services.rollups.run();
    const after = (await data('oee', query(late), 'Asia/Kolkata')).data;
    expect(after.total.shots).toBeGreaterThan(before.total.shots);
    for (const key of ['shots', 'run_s', 'idle_s', 'stop_s', 'off_s', 'planned_s', 'energy_kwh']) {
      expect(after.total[key], key).toBeCloseTo(expected.total[key], 3);
      for (const [index, bucket] of after.buckets.entries()) {
        expect(bucket[key], `${key} ${index}`).toBeCloseTo(expected.buckets[index][key], 3);
      }
    }
    // The day rows hold what the quarters hold.
    const { rows } = await sql<{ days: number; quarters: number }>`
      select (select sum(shots)::float8 from mold_day_rollups where zone = 'Asia/Kolkata' and mold_id = ${late}) as days,
        (select sum(shots)::float8 from mold_rollups where mold_id = ${late}) as quarters`.execute(app.context.db);
    expect(rows[0]!.days).toBe(rows[0]!.quarters);
  });
});

describe('kept zones', () => {
  it("a user's newly chosen zone is kept by the next roll-up run, its days summed from the roll-ups", async () => {
    const zone = 'America/St_Johns';
    await app.context.db.updateTable('users').set({ time_zone: zone }).where('id', '=', adminId).execute();
    const before = await app.context.db
      .selectFrom('report_day_zones')
      .select('zone')
      .where('zone', '=', zone)
      .execute();
    expect(before).toEqual([]);
    await app.services.rollups.run();
    const { rows } = await sql<{ filled: boolean; days: number; quarters: number }>`
      select (select filled_at is not null from report_day_zones where zone = ${zone}) as filled,
        (select sum(run_us)::float8 / 1e6 from mold_day_rollups where zone = ${zone} and mold_id = ${moulds[0]}) as days,
        (select sum(run_s)::float8 from mold_rollups where mold_id = ${moulds[0]}) as quarters`.execute(app.context.db);
    expect(rows[0]).toEqual({ filled: true, days: rows[0]!.quarters, quarters: expect.any(Number) });
    // St. John's is 3:30 behind UTC in March: its days start at 03:30 UTC.
    const day = await app.context.db
      .selectFrom('mold_day_rollups')
      .select(['lo', 'hi'])
      .where('zone', '=', zone)
      .where('mold_id', '=', moulds[0]!)
      .where('lo', '=', new Date((W + 3 * HOUR + 30 * 60) * 1000))
      .executeTakeFirstOrThrow();
    expect(day.hi.getTime() - day.lo.getTime()).toBe(DAY * 1000);
  });
});
