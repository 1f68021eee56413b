import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MenuId } from '@mouldwatch/shared';
import { callWithout, otherOrganisationAdmin } from '../../../test/organisation.js';
import { startTestApp, type TestApp } from '../../../test/test-app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const add = (token: string, kind: string, name: unknown, suffix = '') =>
  app.request({ method: 'POST', url: `/api/yudata/${kind}_tag/${suffix}`, token, payload: { name } });
const names = async (token: string, kind: string) =>
  (await app.request({ method: 'GET', url: `/api/yudata/${kind}_tag/`, token }))
    .json()
    .data.map((tag: { name: string }) => tag.name) as string[];

describe.each(['country', 'factory'])('%s tags', (kind) => {
  it('adds trimmed tags, with or without the token segment, and lists them by name', async () => {
    const { token } = await otherOrganisationAdmin(app);
    const response = await add(token, kind, '  Brazil North ', 'a-token');
    expect(response.json()).toMatchObject({ code: 200, msg: 'Added successfully', data: { name: 'Brazil North' } });
    expect(Object.keys(response.json().data)).toEqual(['id', 'name']);
    await add(token, kind, 'argentina');
    expect(await names(token, kind)).toEqual(['argentina', 'Brazil North']);
  });

  it('answers the existing tag for a name the organisation has already, in any case', async () => {
    const { token } = await otherOrganisationAdmin(app);
    const first = (await add(token, kind, 'Hall_1')).json().data;
    const again = await add(token, kind, ' HALL_1');
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first);
    expect(await names(token, kind)).toEqual(['Hall_1']);
  });

  it.each([
    ['', 'Required'],
    ['   ', 'Required'],
    ['x'.repeat(33), 'At most 32 characters'],
    [7, 'Required'],
  ])('refuses %j with 400 naming the field', async (name, text) => {
    const { token } = await otherOrganisationAdmin(app);
    const response = await add(token, kind, name);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, msg: `Invalid input: name: ${text}` });
  });

  it('deletes a tag, with or without the token segment; an unknown one is 404', async () => {
    const { token } = await otherOrganisationAdmin(app);
    const first = (await add(token, kind, 'One')).json().data.id as number;
    const second = (await add(token, kind, 'Two')).json().data.id as number;
    const deleted = await app.request({ method: 'DELETE', url: `/api/yudata/${kind}_tag/${first}/`, token });
    expect(deleted.json()).toMatchObject({ code: 200, msg: 'Deleted successfully' });
    expect(
      (await app.request({ method: 'DELETE', url: `/api/yudata/${kind}_tag/${second}/tok`, token })).statusCode,
    ).toBe(200);
    expect(await names(token, kind)).toEqual([]);
    const again = await app.request({ method: 'DELETE', url: `/api/yudata/${kind}_tag/${first}/`, token });
    expect(again.statusCode).toBe(404);
    expect(again.json().msg).toBe('The tag does not exist');
  });

  it("keeps to the caller's organisation and kind", async () => {
    const mine = await otherOrganisationAdmin(app);
    const theirs = await otherOrganisationAdmin(app);
    const theirTag = (await add(theirs.token, kind, 'Theirs')).json().data.id as number;
    expect(await names(mine.token, kind)).toEqual([]);
    const refused = await app.request({
      method: 'DELETE',
      url: `/api/yudata/${kind}_tag/${theirTag}/`,
      token: mine.token,
    });
    expect(refused.statusCode).toBe(404);
    const otherKind = kind === 'country' ? 'factory' : 'country';
    const wrongKind = await app.request({
      method: 'DELETE',
      url: `/api/yudata/${otherKind}_tag/${theirTag}/`,
      token: theirs.token,
    });
    expect(wrongKind.statusCode).toBe(404);
    expect(await names(theirs.token, kind)).toEqual(['Theirs']);
    expect(await names(theirs.token, otherKind)).toEqual([]);
  });

  it.each([
    ['GET', '', 'view'],
    ['POST', '', 'add'],
    ['DELETE', '1/', 'delete'],
  ] as const)("answers %s without the mould list's %s with 403 / 6000", async (method, path, action) => {
    const response = await callWithout(app, MenuId.mold, action, {
      method,
      url: `/api/yudata/${kind}_tag/${path}`,
      ...(method === 'POST' ? { payload: { name: 'X' } } : {}),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(6000);
  });
});
