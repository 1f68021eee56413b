import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMoldInfo } from '@mouldwatch/shared';
import { createMold, userIdOf } from '../../../test/factories.js';
import { ADMIN, VIEWER, startTestApp, type TestApp } from '../../../test/test-app.js';

let app: TestApp;
let admin: string;
let viewer: string;
let moldId: number;

const url = (id: number) => `/api/yudata/mold/channelChoice/${id}/`;
const read = (token: string, id = moldId) => app.request({ method: 'GET', url: url(id), token });
const save = (token: string, payload: Record<string, unknown>, id = moldId) =>
  app.request({ method: 'PUT', url: url(id), token, payload });

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.login(ADMIN);
  viewer = await app.login(VIEWER);
  const adminId = await userIdOf(app.context.db, ADMIN.username);
  const viewerId = await userIdOf(app.context.db, VIEWER.username);
  moldId = await createMold(app.context.db, app.orgId, [adminId]);
  const channel = (name: string) => ({ name, set: 60, alert: 10 });
  const info = {
    ...defaultMoldInfo(),
    mold_temp_setting: ['T1', 'T2', 'T3'].map(channel),
    hot_temp_setting: ['H1', 'H2', 'H3', 'H4'].map(channel),
  };
  await app.context.db
    .updateTable('molds')
    .set({ info: JSON.stringify(info) })
    .where('id', '=', moldId)
    .execute();
  await app.context.db
    .insertInto('user_mold_grants')
    .values({ user_id: viewerId, mold_id: moldId, shared_by: adminId })
    .execute();
});
afterAll(() => app?.close());

describe('channel choice', () => {
  it('defaults to every enabled channel', async () => {
    const response = await read(admin);
    expect(response.json()).toMatchObject({
      code: 200,
      data: { mold: [1, 2, 3], hrs: [1, 2, 3, 4], enabled: { mold: [1, 2, 3], hrs: [1, 2, 3, 4] } },
    });
  });

  it('keeps each user’s choice apart, a shared mould’s viewer included', async () => {
    const saved = await save(admin, { mold: [3, 1], hrs: [] });
    expect(saved.json()).toMatchObject({ code: 200, msg: 'Modified successfully', data: { mold: [1, 3], hrs: [] } });
    expect((await read(admin)).json().data).toMatchObject({ mold: [1, 3], hrs: [] });
    expect((await read(viewer)).json().data).toMatchObject({ mold: [1, 2, 3], hrs: [1, 2, 3, 4] });

    await save(viewer, { mold: [2], hrs: [4] });
    expect((await read(viewer)).json().data).toMatchObject({ mold: [2], hrs: [4] });
    expect((await read(admin)).json().data).toMatchObject({ mold: [1, 3], hrs: [] });
  });

  it('overwrites an earlier choice', async () => {
    await save(admin, { mold: [2], hrs: [1] });
    await save(admin, { mold: [1, 2, 3], hrs: [2, 3] });
    expect((await read(admin)).json().data).toMatchObject({ mold: [1, 2, 3], hrs: [2, 3] });
  });

  it('refuses a mould the caller cannot see with 403', async () => {
    const hidden = await createMold(app.context.db, app.orgId);
    for (const response of [await read(viewer, hidden), await save(viewer, { mold: [1], hrs: [] }, hidden)]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe(6000);
    }
    expect((await read(admin, 999_999)).statusCode).toBe(403);
  });

  it.each([
    ['a channel past the last', { mold: [5], hrs: [] }],
    ['channel 0', { mold: [], hrs: [0] }],
    ['a repeated channel', { mold: [1, 1], hrs: [] }],
    ['a missing list', { mold: [1] }],
    ['a fraction', { mold: [1.5], hrs: [] }],
  ])('refuses %s with 400', async (_case, payload) => {
    const response = await save(admin, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(400);
  });

  it('refuses a bad mould id with 400 and a caller without a session', async () => {
    expect((await app.request({ method: 'GET', url: url(0), token: admin })).statusCode).toBe(400);
    expect((await app.request({ method: 'GET', url: url(moldId) })).json().code).toBe(5000);
  });
});
