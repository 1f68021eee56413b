import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LATEST_EPOCH_SECONDS, ResponseCode } from '@mouldwatch/shared';
import { mouldWithDevice, telemetryMessage, userIdOf } from '../../../test/factories.js';
import { ADMIN, VIEWER, startTestApp, type TestApp } from '../../../test/test-app.js';
import { EXPORT_KINDS } from '../mold-export/mold-export.service.js';
import { DATA_READS } from './mold-history.routes.js';

// Issue 10.6: `?range=hour&start=0` read every hour since 1970 for seconds and held up the device
// acknowledgements. Every read of a history or time series is bounded, whatever it is given.

let app: TestApp;
let admin: string;
let viewer: string;
let mould: Awaited<ReturnType<typeof mouldWithDevice>>;
const NOW = Math.floor(Date.now() / 1000);
const DAY = 86_400;
/** The most points a range's longest window holds (spec §9), and the 5-minute slots of 31 days. */
const MOST_POINTS = { hour: 31 * 24 + 1, day: 93, week: 53, month: 13, slots: 31 * 288 };

beforeAll(async () => {
  app = await startTestApp({}, undefined, {
    jobs: { state: { sweepIntervalMs: 3_600_000 }, rollups: { intervalMs: 3_600_000 } },
  });
  admin = await app.login(ADMIN);
  viewer = await app.login(VIEWER);
  const userIds = [await userIdOf(app.context.db, ADMIN.username), await userIdOf(app.context.db, VIEWER.username)];
  mould = await mouldWithDevice(app, admin, userIds);
  // 400 days of hourly roll-ups: more than any window holds.
  await sql`
    insert into mold_rollups (mold_id, bucket, mt1_sum, mt1_n, hr1_sum, hr1_n, shots, counter_last, run_s, energy_kwh)
    select ${mould.moldId}, bucket, 600, 10, 2200, 10, 30, 1000 + row_number() over (order by bucket) * 30, 900, 1.5
    from generate_series(date_trunc('hour', now()) - interval '400 days', now(), interval '1 hour') as bucket
  `.execute(app.context.db);
});
afterAll(async () => {
  await app?.close();
});

/** Every route that reads a history or time series, with the most points each range can answer. */
const ROUTES = [
  ...DATA_READS.flatMap(({ kind, paged }) => [kind, ...(paged ? [`${kind}Page`] : [])]),
  'statusHistory',
  ...EXPORT_KINDS.map((kind) => `export/${kind}`),
];

const get = (route: string, query: string, token = admin) =>
  app.request({
    method: 'GET',
    url: `/api/yudata/mold/${route}/${mould.moldId}/?${query}`,
    headers: { 'time-zone': 'Asia/Kolkata' },
    token,
  });

/** How many points an answer holds: records, a page's total, or a spreadsheet's rows below the header. */
async function pointsOf(route: string, response: Awaited<ReturnType<typeof get>>): Promise<number> {
  if (!route.startsWith('export/')) return response.json().total ?? response.json().data.length;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return workbook.worksheets[0]!.rowCount - 1;
}

const REFUSED: Array<[string, string]> = [
  ['hours since 1970, no end (the issue)', 'range=hour&start=0'],
  ['days since 1970, no end', 'range=day&start=0'],
  ['weeks since 1970, no end', 'range=week&start=0'],
  ['months since 1970, no end', 'range=month&start=0'],
  ['the default range since 1970', 'start=0'],
  ['a start 13 months back for days, no end', `range=day&start=${NOW - 400 * DAY}`],
  ['all of time for months', `range=month&start=0&end=${LATEST_EPOCH_SECONDS}`],
  ['a start in the future, no end', `range=week&start=${NOW + DAY}`],
  ['an end before the start', `range=day&start=${NOW}&end=${NOW - 1}`],
  ['real time since 1970', `range=realtime&start=0&end=${NOW}`],
  ['real time without an end', `range=realtime&start=${NOW - 60}`],
  ['an end after the year 9999', `range=hour&end=${LATEST_EPOCH_SECONDS + 1}`],
  ['a huge end', 'range=hour&end=1e20'],
  ['NaN', 'range=day&start=NaN'],
  ['Infinity', 'range=day&end=Infinity'],
  ['a negative start', 'range=day&start=-1'],
  ['a fraction', 'range=day&start=1.5'],
  ['a range that does not exist', 'range=year'],
];

const BOUNDED: Array<[string, string, keyof typeof MOST_POINTS]> = [
  ['hours, no window', 'range=hour', 'hour'],
  ['days, an end only', `range=day&end=${NOW}`, 'day'],
  ['weeks, no window', 'range=week', 'week'],
  ['months, an end far in the future', `range=month&end=${NOW + 5 * 365 * DAY}`, 'month'],
  ['hours ending at the last second of the year 9999', `range=hour&end=${LATEST_EPOCH_SECONDS}`, 'hour'],
];

describe('every history read is bounded (issue 10.6)', () => {
  it.each(ROUTES)('%s refuses absurd and unbounded windows at once with 400 in the envelope', async (route) => {
    for (const [what, query] of REFUSED) {
      const started = performance.now();
      const response = await get(route, query);
      expect(response.statusCode, `${route} ${what}`).toBe(400);
      expect(response.json(), `${route} ${what}`).toMatchObject({ code: ResponseCode.invalid, data: null });
      expect(response.json().msg, `${route} ${what}`).toMatch(/start|end|range/);
      expect(performance.now() - started, `${route} ${what}`).toBeLessThan(2_000);
    }
  });

  it.each(ROUTES)('%s answers a window left open or far out with at most the range’s points', async (route) => {
    for (const [what, query, range] of BOUNDED) {
      const response = await get(route, query);
      expect(response.statusCode, `${route} ${what}: ${response.body.slice(0, 200)}`).toBe(200);
      expect(await pointsOf(route, response), `${route} ${what}`).toBeLessThanOrEqual(MOST_POINTS[range]);
    }
    // The status history's 5-minute slots without a range: 31 days at most.
    if (route === 'statusHistory' || route === 'export/moldStatus') {
      const slots = await get(route, `range=realtime&start=${NOW - 31 * DAY}&end=${NOW}`);
      expect(slots.statusCode).toBe(200);
      expect(await pointsOf(route, slots)).toBeLessThanOrEqual(MOST_POINTS.slots);
      expect((await get(route, `range=realtime&start=${NOW - 32 * DAY}&end=${NOW}`)).statusCode).toBe(400);
    }
  });

  it('reads the whole window of the range it was given: the spec’s last month of hours', async () => {
    const hours = await get('moldTemperature', 'range=hour');
    // 31 days of hourly roll-ups; the bucket under way may be the 745th.
    expect(hours.json().data.length).toBeGreaterThanOrEqual(31 * 24);
  });
});

describe('a read-only viewer cannot stall the server (issue 10.6)', () => {
  it('refuses a user’s history reads beyond three at once with 429 in the envelope', async () => {
    // Roll-ups locked: the reads that get through wait, and the ones over the cap are refused.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = app.context.db.transaction().execute(async (trx) => {
      await sql`lock table mold_rollups in access exclusive mode`.execute(trx);
      locked();
      await released;
    });
    await isLocked;
    const reads = Array.from({ length: 5 }, () => get('moldTemperature', 'range=day', viewer));
    // PostgreSQL answers the refusals while the lock is held; the embedded database, with its one
    // session held, queues everything and sorts the reads out after.
    const statuses: number[] = [];
    for (const read of reads) void read.then((response) => statuses.push(response.statusCode));
    const deadline = Date.now() + 10_000;
    while (process.env.DATABASE_URL && statuses.length < 2 && Date.now() < deadline) await pause(20);
    if (!process.env.DATABASE_URL) await pause(300);
    release();
    await holder;
    const responses = await Promise.all(reads);
    const refused = responses.filter((response) => response.statusCode === 429);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 429, 429]);
    expect(refused[0]!.json()).toMatchObject({ code: ResponseCode.refused, data: null });
    expect(refused[0]!.json().msg).toMatch(/history reads/);
    // Another user is not held back by the viewer's reads, and the viewer's budget is back.
    expect((await get('moldTemperature', 'range=day', admin)).statusCode).toBe(200);
    expect((await get('moldTemperature', 'range=day', viewer)).statusCode).toBe(200);
  });

  it('acknowledges device readings quickly while two users read the worst history they can', async () => {
    const worst = ROUTES.flatMap((route) => [`${route}|range=hour&start=0`, `${route}|range=hour`]);
    let reading = true;
    const reader = async (token: string, offset: number) => {
      const statuses = new Set<number>();
      for (let next = offset; reading; next += 1) {
        const [route, query] = worst[next % worst.length]!.split('|') as [string, string];
        statuses.add((await get(route, query, token)).statusCode);
      }
      return statuses;
    };
    const readers = [viewer, viewer, viewer, admin, admin].map((token, index) => reader(token, index * 3));
    const acks: number[] = [];
    for (let seq = 1; seq <= 30; seq += 1) {
      const started = performance.now();
      await mould.send([telemetryMessage(seq)]);
      acks.push(performance.now() - started);
      await pause(100);
    }
    reading = false;
    const statuses = new Set((await Promise.all(readers)).flatMap((set) => [...set]));
    expect(
      [...statuses].every((status) => [200, 400, 429].includes(status)),
      [...statuses].join(),
    ).toBe(true);
    acks.sort((a, b) => a - b);
    // Generous for a loaded machine: before, the acknowledgements waited for the reads, for seconds.
    expect(acks[Math.floor(acks.length * 0.9)], acks.map(Math.round).join()).toBeLessThan(1_000);
  });
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
