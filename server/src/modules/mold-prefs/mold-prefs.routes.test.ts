import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MenuId, ResponseCode } from '@mouldwatch/shared';
import { createMold, revokeMenu, orgIdOf, userIdOf } from '../../../test/factories.js';
import { ADMIN, startTestApp, type TestApp } from '../../../test/test-app.js';
import type { SeedUser } from '../../seed/organization.js';

let app: TestApp;
let token: string;
let userId: number;
let orgId: number;
/** The caller's moulds, in the order they were made (by id). */
let mine: number[];
/** A mould shared to the caller (read-only for them). */
let shared: number;
/** A mould of the organisation the caller may not see. */
let foreign: number;

beforeAll(async () => {
  app = await startTestApp();
  const owner: SeedUser = await app.freshUser();
  token = await app.login(owner);
  userId = await userIdOf(app.context.db, owner.username);
  orgId = await orgIdOf(app.context.db, userId);
  foreign = await createMold(app.context.db, orgId);
});
beforeEach(async () => {
  await app.context.db.deleteFrom('user_mold_grants').where('user_id', '=', userId).execute();
  mine = [];
  for (let index = 0; index < 5; index += 1) mine.push(await createMold(app.context.db, orgId, [userId]));
  shared = await createMold(app.context.db, orgId);
  await app.context.db
    .insertInto('user_mold_grants')
    .values({ user_id: userId, mold_id: shared, shared_by: await userIdOf(app.context.db, ADMIN.username) })
    .execute();
});
afterAll(async () => {
  await app?.close();
});

const favourite = (moldId: number | string, query: string, as = token) =>
  app.request({ method: 'GET', url: `/api/yudata/mold/updateUserMold/${moldId}/?${query}`, token: as });
const reorder = (payload: unknown, url = '/api/yudata/updateMoldSort/', as = token) =>
  app.request({ method: 'POST', url, payload: payload as object, token: as });

async function listedIds(query = ''): Promise<number[]> {
  const response = await app.request({ method: 'GET', url: `/api/yudata/mold/more/?limit=99999&${query}`, token });
  return (response.json().data as Array<{ id: number }>).map((item) => item.id);
}

/** A fresh organisation's user whose role lacks the home screen. */
async function tokenWithoutHome(): Promise<string> {
  const user = await app.freshUser();
  await revokeMenu(app.context.db, user.username, MenuId.home);
  return app.login(user);
}

describe('GET /api/yudata/mold/updateUserMold/{id}/?state', () => {
  it('marks and unmarks a favourite, which the list shows and filters by', async () => {
    const marked = await favourite(mine[2]!, 'state=1');
    expect(marked.json()).toMatchObject({ code: 200, data: { id: mine[2], favourite: true } });
    expect(await listedIds('favourite=1')).toEqual([mine[2]]);
    await favourite(mine[2]!, 'state=0');
    expect(await listedIds('favourite=1')).toEqual([]);
  });

  it('lets the caller mark a mould shared to them', async () => {
    expect((await favourite(shared, 'state=1')).statusCode).toBe(200);
    expect(await listedIds('favourite=1')).toEqual([shared]);
  });

  it('refuses a mould the caller may not see with 403', async () => {
    const response = await favourite(foreign, 'state=1');
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(ResponseCode.forbidden);
  });

  it.each([
    ['state', 'a missing state', 'mine', ''],
    ['state', 'a state of 2', 'mine', 'state=2'],
    ['id', 'a word for the id', 'abc', 'state=1'],
  ])('answers 400 naming %s for %s', async (field, _case, id, query) => {
    const response = await favourite(id === 'mine' ? mine[0]! : id, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: ResponseCode.invalid, msg: expect.stringContaining(field) });
  });

  it('refuses a role without the home screen', async () => {
    expect((await favourite(mine[0]!, 'state=1', await tokenWithoutHome())).statusCode).toBe(403);
  });
});

describe('POST /api/yudata/updateMoldSort/', () => {
  it("puts the caller's moulds in the order given", async () => {
    const order = [shared, ...mine].reverse();
    const response = await reorder({ sort: order });
    expect(response.json()).toMatchObject({ code: 200, data: null });
    expect(await listedIds()).toEqual(order);
  });

  it('reorders a part of the list within the places it holds, leaving the rest where it was', async () => {
    const [first, second, third, fourth, fifth] = mine as [number, number, number, number, number];
    await reorder({ sort: [fifth, second] });
    expect(await listedIds()).toEqual([first, fifth, third, fourth, second, shared]);
    await reorder({ sort: [shared, first] });
    expect(await listedIds()).toEqual([shared, fifth, third, fourth, second, first]);
  });

  it('puts a mould granted later after the ordered ones', async () => {
    await reorder({ sort: [...mine].reverse() });
    const later = await createMold(app.context.db, orgId, [userId]);
    expect(await listedIds()).toEqual([...[...mine].reverse(), shared, later]);
  });

  it("accepts the spec's token segment", async () => {
    const response = await reorder({ sort: [mine[1], mine[0]] }, '/api/yudata/updateMoldSort/some-token');
    expect(response.statusCode).toBe(200);
    expect((await listedIds()).slice(0, 2)).toEqual([mine[1], mine[0]]);
  });

  it('refuses the whole order with 403 when it names a mould the caller may not see', async () => {
    const response = await reorder({ sort: [mine[1], foreign, mine[0]] });
    expect(response.statusCode).toBe(403);
    expect(await listedIds()).toEqual([...mine, shared]);
  });

  it.each([
    ['no list', {}],
    ['an empty list', { sort: [] }],
    ['a mould twice', { sort: [1, 2, 1] }],
    ['a word', { sort: ['first'] }],
    ['a fraction', { sort: [1.5] }],
  ])('answers 400 naming sort for %s', async (_case, payload) => {
    const response = await reorder(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: ResponseCode.invalid, msg: expect.stringContaining('sort') });
  });

  it('refuses a role without the home screen', async () => {
    expect((await reorder({ sort: mine }, undefined, await tokenWithoutHome())).statusCode).toBe(403);
  });
});
