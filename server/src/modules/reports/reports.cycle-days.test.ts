import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cycleBinCentre, cycleBinKey, cycleStats } from '@mouldwatch/shared';
import { createMold, orgIdOf, userIdOf } from '../../../test/factories.js';
import { ADMIN, startTestApp, type TestApp } from '../../../test/test-app.js';
import { CycleDaysRepository, type PendingDay } from '../../rollup/cycle-days.repository.js';

/**
 * Cycle-time statistics beyond the raw readings' 31-day window (migration 0030): the kept days
 * agree with the raw cycles, a report of 40 days agrees with the exact one of the same days, late
 * readings show at once and are kept again, other zones cut their own days.
 */

let app: TestApp;
let admin: string;
let orgId: number;
let adminId: number;
let mould: number;
let deviceId: number;
let seq = 0;

const DAY = 86_400;
const TARGET = 30;
const realNow = Math.floor(Date.now() / 1000);
/** Midnight UTC ten days ago: the kept days are D0, D0 + 1 day and D0 + 2 days. */
const D0 = Math.floor(realNow / DAY) * DAY - 10 * DAY;
/** The cycles of each kept day, oldest first: around the target, with a slow one now and then. */
const cyclesOf = new Map<number, number[]>();

function cyclesOfDay(day: number): number[] {
  return Array.from({ length: 150 + day * 7 }, (_, index) => {
    const wobble = ((index * 37 + day * 11) % 23) / 10 - 1.1;
    return index % 17 === 0 ? 41 + day : Math.round((TARGET + wobble) * 1000) / 1000;
  });
}

async function insertCycles(moldId: number, from: number, cycles: number[], spacing: number) {
  await app.context.db
    .insertInto('readings')
    .values(
      cycles.map((cycle_time, index) => ({
        device_id: deviceId,
        seq: ++seq,
        ts: new Date((from + index * spacing) * 1000),
        mold_id: moldId,
        cycle_time,
        event: 'cycle' as const,
      })),
    )
    .execute();
}

async function report(query: string, zone = 'UTC') {
  const response = await app.request({
    method: 'GET',
    url: `/api/yudata/report/cycle/?mold_ids=${mould}&${query}`,
    headers: { 'time-zone': zone },
    token: admin,
  });
  return response;
}
async function cycleData(query: string, zone = 'UTC') {
  const response = await report(query, zone);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const keptDays = (zone = 'UTC') =>
  app.context.db
    .selectFrom('mold_cycle_days')
    .selectAll()
    .where('zone', '=', zone)
    .where('mold_id', '=', mould)
    .orderBy('lo')
    .execute();

const pendingDays = (zone = 'UTC') =>
  app.context.db
    .selectFrom('cycle_day_pending')
    .select('lo')
    .where('zone', '=', zone)
    .where('mold_id', '=', mould)
    .execute();

beforeAll(async () => {
  app = await startTestApp({}, undefined, {
    jobs: { state: { sweepIntervalMs: 3_600_000, applyDelayMs: 0 }, rollups: { intervalMs: 3_600_000 } },
  });
  admin = await app.login(ADMIN);
  adminId = await userIdOf(app.context.db, ADMIN.username);
  orgId = await orgIdOf(app.context.db, adminId);
  mould = await createMold(app.context.db, orgId, [adminId]);
  await app.context.db
    .updateTable('molds')
    .set({ info: JSON.stringify({ cycle_time: TARGET }) })
    .where('id', '=', mould)
    .execute();
  const device = await app.context.db
    .insertInto('devices')
    .values({ org_id: orgId, device_no: `CYD-${realNow}`, token_hash: 'c'.repeat(64), mold_id: mould })
    .returning('id')
    .executeTakeFirstOrThrow();
  deviceId = device.id;
  for (const day of [0, 1, 2]) {
    const cycles = cyclesOfDay(day);
    cyclesOf.set(day, cycles);
    // From 01:00 to before 23:00 UTC: the day's cycles stay in one day of UTC and of +5:30 alike… not
    // of +5:30 (its day starts at 18:30 UTC), which is what the zone test relies on.
    await insertCycles(mould, D0 + day * DAY + 3600, cycles, Math.floor((21 * 3600) / cycles.length));
  }
  await app.services.rollups.run();
  await app.services.rollups.keepCycleDays();
});
afterAll(async () => {
  await app?.close();
});

describe('kept cycle days', () => {
  it('keep each ended day as its raw cycles give it: count, sum, extremes, exact median, bands, last 100, bins', async () => {
    const days = await keptDays();
    expect(days.map((day) => day.lo.getTime() / 1000)).toEqual([D0, D0 + DAY, D0 + 2 * DAY]);
    for (const [index, day] of days.entries()) {
      const cycles = cyclesOf.get(index)!;
      const exact = cycleStats(cycles, TARGET);
      expect(day.n).toBe(cycles.length);
      expect(Number(day.sum_us) / 1e6).toBeCloseTo(
        cycles.reduce((sum, cycle) => sum + cycle, 0),
        5,
      );
      expect(day).toMatchObject({ min_s: exact.min_s, max_s: exact.max_s, target_s: TARGET });
      expect(day.median_s).toBeCloseTo(exact.median_s!, 9);
      expect(day.within2 / day.n).toBeCloseTo(exact.within2!, 9);
      expect(day.within5 / day.n).toBeCloseTo(exact.within5!, 9);
      expect(day.tail).toHaveLength(100);
      expect(day.tail[0]).toBeCloseTo(cycles.at(-1)!, 3);
      expect(day.bin_counts.reduce((sum, count) => sum + count, 0)).toBe(cycles.length);
    }
    expect(await pendingDays()).toEqual([]);
  });

  it('answer 40 days by day as the raw cycles answer the same days: day medians exact, the whole within 0.5 %', async () => {
    const kept = await cycleData(`start=${D0 - 30 * DAY}&end=${D0 + 10 * DAY}&range=day`);
    const raw = await cycleData(`start=${D0 - DAY}&end=${D0 + 10 * DAY}&range=day`);
    const [fromDays] = kept.moulds;
    const [fromRaw] = raw.moulds;
    expect(fromDays.count).toBe(fromRaw.count);
    for (const key of ['min_s', 'max_s', 'within2', 'within5', 'outside5', 'last100_avg_s']) {
      expect(fromDays[key], key).toBeCloseTo(fromRaw[key], 6);
    }
    expect(fromDays.avg_s).toBeCloseTo(fromRaw.avg_s, 6);
    expect(Math.abs(fromDays.median_s - fromRaw.median_s) / fromRaw.median_s).toBeLessThanOrEqual(0.005);
    const dayOf = (body: typeof kept, start: number) =>
      body.moulds[0].buckets.find((bucket: { create_datetime: number }) => bucket.create_datetime === start);
    for (const day of [0, 1, 2]) {
      const start = D0 + day * DAY;
      const { avg_s: keptAvg, ...keptDay } = dayOf(kept, start);
      const { avg_s: rawAvg, ...rawDay } = dayOf(raw, start);
      expect(keptDay).toEqual(rawDay);
      expect(keptAvg).toBeCloseTo(rawAvg, 9);
    }
    const total = (body: typeof kept) =>
      body.histogram.reduce((sum: number, bar: { count: number }) => sum + bar.count, 0);
    expect(total(kept)).toBe(fromRaw.count);
    expect(kept.histogram).toHaveLength(20);
    // The raw readings reach back 35 days, further than these kept days.
    expect(Math.abs(kept.stats_from - (realNow - 35 * DAY))).toBeLessThan(600);
  });

  it('clip a kept day the period ends inside to the period, as the raw cycles of that span answer', async () => {
    const end = D0 + DAY + 12 * 3600;
    const kept = await cycleData(`start=${D0 - 30 * DAY}&end=${end}&range=day&buckets=0`);
    const raw = await cycleData(`start=${D0 - DAY}&end=${end}&range=day&buckets=0`);
    const [fromDays] = kept.moulds;
    const [fromRaw] = raw.moulds;
    const dayOne = cyclesOf.get(1)!.filter((_, index) => index * Math.floor((21 * 3600) / 157) < 11 * 3600);
    expect(fromRaw.count).toBe(cyclesOf.get(0)!.length + dayOne.length);
    expect(fromDays.count).toBe(fromRaw.count);
    for (const key of ['avg_s', 'min_s', 'max_s', 'within2', 'within5', 'last100_avg_s']) {
      expect(fromDays[key], key).toBeCloseTo(fromRaw[key], 6);
    }
  });

  it('read a week from the days merged bins, within 0.5 % of the exact median', async () => {
    const data = await cycleData(`start=${D0 - 60 * DAY}&end=${D0 + 10 * DAY}&range=week`);
    const all = [0, 1, 2].flatMap((day) => cyclesOf.get(day)!);
    const exact = cycleStats(all, TARGET);
    const counted = data.moulds[0].buckets.filter((bucket: { count: number }) => bucket.count > 0);
    // D0 is some weekday: its three days fall in one or two weeks.
    expect(counted.reduce((sum: number, bucket: { count: number }) => sum + bucket.count, 0)).toBe(all.length);
    expect(Math.abs(data.moulds[0].median_s - exact.median_s!) / exact.median_s!).toBeLessThanOrEqual(0.005);
  });

  it('answer only the whole period and the distribution when asked without buckets', async () => {
    const data = await cycleData(`start=${D0 - 30 * DAY}&end=${D0 + 10 * DAY}&range=day&buckets=0`);
    expect(data.moulds[0].buckets).toBeUndefined();
    expect(data.moulds[0].count).toBe([0, 1, 2].reduce((sum, day) => sum + cyclesOf.get(day)!.length, 0));
  });

  it('show a late reading at once, and keep its day again at the next run', async () => {
    const before = await cycleData(`start=${D0 - 30 * DAY}&end=${D0 + 10 * DAY}&range=day`);
    await insertCycles(mould, D0 + DAY + 23 * 3600, [55.5], 1);
    await app.services.rollups.run();
    // The roll-up reads again what arrived within its commit lag (2 min): the other days may be queued too.
    expect((await pendingDays()).map((day) => day.lo.getTime() / 1000)).toContain(D0 + DAY);
    const after = await cycleData(`start=${D0 - 30 * DAY}&end=${D0 + 10 * DAY}&range=day`);
    expect(after.moulds[0].count).toBe(before.moulds[0].count + 1);
    expect(after.moulds[0].max_s).toBe(55.5);
    expect(await app.services.rollups.keepCycleDays()).toBeGreaterThanOrEqual(1);
    expect(await pendingDays()).toEqual([]);
    const day = (await keptDays())[1]!;
    expect(day).toMatchObject({ n: cyclesOf.get(1)!.length + 1, max_s: 55.5 });
    expect(day.tail[0]).toBeCloseTo(55.5, 3);
    // The same answer, but for stats_from, which moves with the clock.
    const again = await cycleData(`start=${D0 - 30 * DAY}&end=${D0 + 10 * DAY}&range=day`);
    expect({ ...again, stats_from: 0 }).toEqual({ ...after, stats_from: 0 });
    cyclesOf.get(1)!.push(55.5);
  });

  it('leave a day queued again while it was read for the next run, keeping nothing of that read', async () => {
    const keptBefore = (await keptDays())[2]!;
    const repository = new CycleDaysRepository();
    const day = { zone: 'UTC', mold_id: mould, lo: keptBefore.lo, hi: keptBefore.hi };
    await repository.queue(app.context.db, [{ moldId: mould, bucket: keptBefore.lo }]);
    const [read] = await sql<PendingDay>`select zone, mold_id, lo, hi, version from cycle_day_pending
      where mold_id = ${mould} and lo = ${keptBefore.lo}`
      .execute(app.context.db)
      .then((result) => result.rows);
    expect(read).toMatchObject({ ...day, version: 0 });
    // A late reading arrives and the roll-up queues its day again before the read one is kept.
    await insertCycles(mould, D0 + 2 * DAY + 22 * 3600, [61], 1);
    await repository.queue(app.context.db, [{ moldId: mould, bucket: keptBefore.lo }]);
    expect(await repository.keepDays(app.context.db, [read!])).toBe(0);
    expect((await keptDays())[2]).toEqual(keptBefore);
    expect(await pendingDays()).toEqual([{ lo: keptBefore.lo }]);

    expect(await app.services.rollups.keepCycleDays()).toBe(1);
    expect((await keptDays())[2]).toMatchObject({ n: keptBefore.n + 1, max_s: 61 });
    cyclesOf.get(2)!.push(61);
  });

  it("cut a new zone's own days: +5:30 counts the same cycles in other days", async () => {
    const utc = await cycleData(`start=${D0 - 30 * DAY}&end=${D0 + 10 * DAY}&range=day`);
    const kolkataMidnight = D0 - 19_800;
    const kolkata = await cycleData(
      `start=${kolkataMidnight - 30 * DAY}&end=${kolkataMidnight + 10 * DAY}&range=day`,
      'Asia/Kolkata',
    );
    expect(kolkata.moulds[0].count).toBe(utc.moulds[0].count);
    const days = kolkata.moulds[0].buckets.filter((bucket: { count: number }) => bucket.count > 0);
    // 01:00–22:00 UTC is 06:30–03:30 the next day in Kolkata: each UTC day's cycles span two of its days.
    expect(days.length).toBe(4);
    // Computed from the raw cycles while queued; the job then keeps them with the same answer.
    expect((await pendingDays('Asia/Kolkata')).length).toBeGreaterThan(0);
    await app.services.rollups.keepCycleDays();
    expect(await pendingDays('Asia/Kolkata')).toEqual([]);
    expect(await keptDays('Asia/Kolkata')).toHaveLength(4);
    const again = await cycleData(
      `start=${kolkataMidnight - 30 * DAY}&end=${kolkataMidnight + 10 * DAY}&range=day`,
      'Asia/Kolkata',
    );
    expect(again.moulds[0].buckets).toEqual(kolkata.moulds[0].buckets);
  });

  it('refuse hours beyond 31 days, as the raw cycles do', async () => {
    const response = await report(`start=${D0 - 32 * DAY}&end=${D0}&range=hour`);
    expect(response.statusCode).toBe(400);
  });

  it('leave a queued day the raw readings no longer cover as it was kept', async () => {
    const [first] = await keptDays();
    await sql`insert into cycle_day_pending (zone, mold_id, lo, hi)
      values ('UTC', ${mould}, ${first!.lo}, ${first!.hi})`.execute(app.context.db);
    const realClock = app.context.now;
    app.context.now = () => new Date((D0 + 40 * DAY) * 1000);
    try {
      await app.services.rollups.prune();
      expect(await app.services.rollups.keepCycleDays()).toBe(0);
    } finally {
      app.context.now = realClock;
    }
    expect(await pendingDays()).toEqual([]);
    expect((await keptDays())[0]).toEqual(first);
  });

  it('answer whole months from their kept sums (0036) as from their days, and keep a month right when a day goes', async () => {
    const other = await createMold(app.context.db, orgId, [adminId]);
    await app.context.db
      .updateTable('molds')
      .set({ info: JSON.stringify({ cycle_time: TARGET }) })
      .where('id', '=', other)
      .execute();
    // 80 UTC days from 110 days back (two or three whole months), every ninth without cycles.
    const first = D0 - 110 * DAY;
    const days = Array.from({ length: 80 }, (_, k) => k).filter((k) => k % 9 !== 4);
    await app.context.db
      .insertInto('mold_cycle_days')
      .values(days.map((k) => keptDay(other, first + k * DAY, k)))
      .execute();
    const ask = async () => {
      const period = `mold_ids=${other}&start=${first - 3 * DAY}&end=${first + 83 * DAY}`;
      const [whole, byMonth] = await Promise.all(
        [`${period}&range=day&buckets=0`, `${period}&range=month`].map(async (query) => {
          const response = await app.request({
            method: 'GET',
            url: `/api/yudata/report/cycle/?${query}`,
            headers: { 'time-zone': 'UTC' },
            token: admin,
          });
          expect(response.statusCode, response.body).toBe(200);
          return response.json().data;
        }),
      );
      return { whole, byMonth };
    };
    const months = () =>
      app.context.db.selectFrom('mold_cycle_months').select(['lo', 'days']).where('mold_id', '=', other).execute();
    const plainly = async () => {
      await app.context.db.deleteFrom('mold_cycle_months').where('mold_id', '=', other).execute();
      return ask();
    };

    expect((await months()).length).toBeGreaterThanOrEqual(3);
    expectSameAnswers(await ask(), await plainly());
    // A day removed: its month is computed again from the days left.
    const gone = first + 41 * DAY;
    await app.context.db
      .deleteFrom('mold_cycle_days')
      .where('mold_id', '=', other)
      .where('lo', '=', new Date(gone * 1000))
      .execute();
    expect(await months()).toHaveLength(1);
    const withMonth = await ask();
    expect(withMonth.whole.moulds[0].count).toBe(
      days.filter((k) => k !== 41).reduce((sum, k) => sum + keptDay(other, first + k * DAY, k).n, 0),
    );
    expectSameAnswers(withMonth, await plainly());
  });
});

/** A kept day of about 200–440 cycles around the target (each day a little slower), in four bins. */
function keptDay(moldId: number, lo: number, k: number) {
  const mean = TARGET * (1 + 0.004 * (k % 7));
  const key = cycleBinKey(mean);
  const n = 200 + k * 3;
  const counts = [Math.floor(n / 5), n - Math.floor(n / 5) - Math.floor(n / 10) - 2, Math.floor(n / 10), 2];
  return {
    zone: 'UTC',
    mold_id: moldId,
    lo: new Date(lo * 1000),
    hi: new Date((lo + DAY) * 1000),
    n,
    sum_us: Math.round(mean * 1e6) * n,
    min_s: cycleBinCentre(key - 1),
    max_s: cycleBinCentre(key + 5),
    median_s: mean,
    target_s: TARGET,
    within2: n - 10 - (k % 5),
    within5: 8,
    tail: Array.from({ length: 100 }, (_, index) => mean + ((index * 7 + k) % 11) / 100),
    bin_keys: [key - 1, key, key + 1, key + 5],
    bin_counts: counts,
  };
}

/** The same answers, the last-100 averages to float rounding (the same cycles added in another order). */
function expectSameAnswers(
  fromMonths: { whole: Record<string, unknown>; byMonth: Record<string, unknown> },
  fromDays: { whole: Record<string, unknown>; byMonth: Record<string, unknown> },
) {
  const rounded = (answer: unknown) =>
    JSON.parse(JSON.stringify(answer), (key, value) =>
      key === 'last100_avg_s' && typeof value === 'number' ? Math.round(value * 1e6) / 1e6 : value,
    );
  expect(rounded(fromMonths)).toEqual(rounded(fromDays));
}
