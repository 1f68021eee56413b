import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MenuId, ResponseCode, type MoldState, type ProductItem } from '@mouldwatch/shared';
import { createMold, orgIdOf, revokeMenu, userIdOf } from '../../../test/factories.js';
import { addMouldWith, addRejects, addRollups } from '../../../test/report-fixtures.js';
import { ADMIN, VIEWER, startTestApp, type TestApp } from '../../../test/test-app.js';

let app: TestApp;
let admin: string;
let adminId: number;
let viewerId: number;
let orgId: number;
const ids: Record<string, number> = {};

const DAY = 86_400;
/** 2026-03-10 00:00 UTC: a plain day in the past. */
const D = Date.UTC(2026, 2, 10) / 1000;
const PERIOD = `start=${D}&end=${D + DAY}`;

function get(query: string, token = admin, zone = 'UTC') {
  return app.request({ method: 'GET', url: `/api/yudata/products/?${query}`, headers: { 'time-zone': zone }, token });
}
async function products(query: string, token = admin, zone = 'UTC') {
  const response = await get(query, token, zone);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: ProductItem[]; total: number };
}

async function status(moldId: number, state: MoldState, online: boolean) {
  const at = new Date(D * 1000);
  await app.context.db
    .insertInto('mold_status')
    .values({ mold_id: moldId, state, online, last_connect_at: at, state_since: at, accounted_until: at })
    .execute();
}

beforeAll(async () => {
  app = await startTestApp({}, undefined, {
    jobs: { state: { sweepIntervalMs: 3_600_000, applyDelayMs: 0 }, rollups: { intervalMs: 3_600_000 } },
  });
  admin = await app.login(ADMIN);
  adminId = await userIdOf(app.context.db, ADMIN.username);
  viewerId = await userIdOf(app.context.db, VIEWER.username);
  orgId = await orgIdOf(app.context.db, adminId);
  const mould = (info: Record<string, unknown>, cavitation: number, grantedTo: number[]) =>
    addMouldWith(app.context.db, orgId, { cycle_time: 30, ...info }, cavitation, grantedTo);
  // Part P-100: two moulds. Lid A: cavitation 4, 20 shots a quarter (1,920 shots, 7,680 parts), 768
  // rejects recorded. Lid B: cavitation 1, 22 shots a quarter (2,112 parts), 3,000 rejects recorded
  // (above its parts: capped at them, as the report does).
  ids.lidA = await mould({ part_id: 'P-100', project_name: 'Lid' }, 4, [adminId]);
  ids.lidB = await mould({ part_id: ' P-100 ', project_name: 'Lid mk2' }, 1, [adminId]);
  // Part P-20: granted to the viewer too. 10 shots a quarter, cavitation 2.
  ids.cap = await mould({ part_id: 'P-20', project_name: 'Cap' }, 2, [adminId, viewerId]);
  // No part ID.
  ids.loose = await mould({ project_name: '' }, 1, [adminId]);
  // The organisation's mould nobody granted: neither sees it.
  ids.hidden = await mould({ part_id: 'P-SECRET', project_name: 'Hidden' }, 1, []);
  for (const [id, shots] of [
    [ids.lidA!, 20],
    [ids.lidB!, 22],
    [ids.cap!, 10],
    [ids.hidden!, 50],
  ] as const) {
    await addRollups(app.context.db, id, D, D + DAY, { run_s: 600, idle_s: 300, shots });
  }
  await addRejects(app.context.db, orgId, ids.lidA!, D, [
    [D + 600, 500],
    [D + 7_200, 268],
  ]);
  await addRejects(app.context.db, orgId, ids.lidB!, D, [[D + 3_600, 3_000]]);
  await status(ids.lidA!, 'run', true);
  await status(ids.lidB!, 'stby', true);
  await status(ids.cap!, 'alarm', true);
  // Another organisation's mould with the same part ID.
  const other = await app.context.db
    .insertInto('organizations')
    .values({ name: 'Other' })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids.foreign = await createMold(app.context.db, other.id);
  await app.context.db
    .updateTable('molds')
    .set({ info: JSON.stringify({ part_id: 'P-100', project_name: 'Foreign' }) })
    .where('id', '=', ids.foreign)
    .execute();
  await addRollups(app.context.db, ids.foreign, D, D + DAY, { run_s: 900, shots: 99 });
});
afterAll(async () => {
  await app?.close();
});

describe('GET /api/yudata/products/', () => {
  it("groups the caller's moulds by part ID with the report's shots and good parts and their live states", async () => {
    const { data, total } = await products(PERIOD);
    expect(total).toBe(3);
    expect(data.map((product) => product.part_id)).toEqual(['P-20', 'P-100', '']);
    const lids = data[1]!;
    expect(lids).toMatchObject({
      project_names: ['Lid', 'Lid mk2'],
      mould_count: 2,
      shots: 96 * 20 + 96 * 22,
      parts: 7_680 + 2_112,
      // Lid B's 3,000 recorded rejects are capped at its 2,112 parts, as its report's.
      reject: 768 + 2_112,
      good: 6_912 + 0,
      rejects_recorded: true,
      states: { run: 1, idle: 1, alarm: 0, stop: 0, off: 0 },
      online: 2,
    });
    expect(lids.moulds.map((mould) => [mould.id, mould.shots, mould.good, mould.state])).toEqual([
      [ids.lidA, 1_920, 6_912, 'run'],
      [ids.lidB, 2_112, 0, 'idle'],
    ]);
    expect(data[0]).toMatchObject({ shots: 960, parts: 1_920, reject: 0, good: 1_920, rejects_recorded: false });
    expect(data[0]!.states.alarm).toBe(1);
    // The moulds without a part ID: one row, last; a mould that never reported is off and offline.
    expect(data[2]).toMatchObject({ mould_count: 1, shots: 0, good: 0, states: { off: 1 }, online: 0 });
    expect(data[2]!.moulds.map((mould) => mould.id)).toEqual([ids.loose]);
  });

  it("gives each mould exactly the figures of the report's summary for the same period and zone", async () => {
    const zone = 'Asia/Kolkata';
    const summary = await app.request({
      method: 'GET',
      url: `/api/yudata/report/summary/?mold_ids=${ids.lidA},${ids.lidB}&${PERIOD}&range=day`,
      headers: { 'time-zone': zone },
      token: admin,
    });
    expect(summary.statusCode, summary.body).toBe(200);
    const lids = (await products(`${PERIOD}&range=day&search=P-100`, admin, zone)).data[0]!;
    for (const mould of summary.json().data.moulds as Array<{ mold_id: number; shots: number; good: number }>) {
      const listed = lids.moulds.find((item) => item.id === mould.mold_id)!;
      expect([listed.shots, listed.good]).toEqual([mould.shots, mould.good]);
    }
  });

  it('finds products by part ID, project name or a mould name or number, and pages them', async () => {
    expect((await products(`${PERIOD}&search=p-1`)).data.map((p) => p.part_id)).toEqual(['P-100']);
    expect((await products(`${PERIOD}&search=MK2`)).data.map((p) => p.part_id)).toEqual(['P-100']);
    expect((await products(`${PERIOD}&search=cap`)).data.map((p) => p.part_id)).toEqual(['P-20']);
    // A mould's name finds every product (all are "Test mould"); a search that finds nothing is an empty page.
    expect((await products(`${PERIOD}&search=test%20MOULD`)).total).toBe(3);
    expect(await products(`${PERIOD}&search=nothing-like-it`)).toMatchObject({ data: [], total: 0 });
    const second = await products(`${PERIOD}&page=2&limit=2`);
    expect(second.total).toBe(3);
    expect(second.data.map((p) => p.part_id)).toEqual(['']);
    expect((await products(`${PERIOD}&page=3&limit=2`)).data).toEqual([]);
  });

  it("shows a user only their own moulds' products: no other organisation's, no mould not granted", async () => {
    const viewer = await app.login(VIEWER);
    const { data, total } = await products(PERIOD, viewer);
    expect(total).toBe(1);
    expect(data[0]).toMatchObject({ part_id: 'P-20', mould_count: 1, shots: 960 });
    expect(data[0]!.moulds.map((mould) => mould.id)).toEqual([ids.cap]);
    const admins = JSON.stringify((await products(PERIOD)).data);
    for (const leak of ['P-SECRET', 'Hidden', 'Foreign', String(ids.foreign), String(ids.hidden)]) {
      expect(admins).not.toContain(`"${leak}"`);
    }
    expect((await products(`${PERIOD}&search=secret`)).total).toBe(0);
  });

  it('bad input is a 400 naming the field', async () => {
    const cases: Array<[string, string]> = [
      [`start=${D}&end=${D}`, 'end'],
      [`end=${D + DAY}`, 'start'],
      [`start=-5&end=${D}`, 'start'],
      [`start=${D}&end=soon`, 'end'],
      [`${PERIOD}&range=year`, 'range'],
      [`start=${D}&end=${D + 40 * DAY}&range=hour`, 'range'],
      [`${PERIOD}&page=0`, 'page'],
      [`${PERIOD}&limit=101`, 'limit'],
      [`${PERIOD}&search=${'x'.repeat(65)}`, 'search'],
    ];
    for (const [query, field] of cases) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe(ResponseCode.invalid);
      expect(response.json().msg, query).toContain(field);
    }
    // A period checked even when no product is on the page.
    expect((await get(`start=${D}&end=${D}&search=nothing-like-it`)).statusCode).toBe(400);
  });

  it('is refused without the Report menu', async () => {
    expect((await app.request({ method: 'GET', url: `/api/yudata/products/?${PERIOD}` })).statusCode).toBe(401);
    const user = await app.freshUser();
    await revokeMenu(app.context.db, user.username, MenuId.report);
    const refused = await get(PERIOD, await app.login(user));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(ResponseCode.forbidden);
  });
});
