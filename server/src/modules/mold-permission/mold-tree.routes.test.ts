import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOLD_TREE_SEARCH_LIMIT, MOLD_TREE_WHOLE_UP_TO, type MoldTreeNode } from '@mouldwatch/shared';
import { createCompany, userIdOf } from '../../../test/factories.js';
import { ADMIN, VIEWER, startTestApp, type TestApp } from '../../../test/test-app.js';

// A tree larger than one answer: companies and groups first, a group's moulds when opened, search
// on the server, changes by company, group and mould; the users page and the share dialog alike.
let app: TestApp;
let admin: string;
let adminId: number;
let companyId: number;
let groupIds: number[];
const PER_GROUP = 70;
const GROUPS = 4;
const LOOSE = 3;

/** `count` moulds named `Tree {prefix}-{n}` in the group (null: none), all the admin's. */
async function manyMoulds(groupId: number | null, prefix: string, count: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    insert into molds (org_id, name, mold_number, group_id)
    select ${app.orgId}, 'Tree ' || ${prefix} || '-' || n, 'TN-' || ${prefix} || '-' || n, ${groupId}
    from generate_series(1, ${count}) n returning id`.execute(app.context.db);
  await app.context.db
    .insertInto('user_mold_grants')
    .values(rows.map((row) => ({ user_id: adminId, mold_id: Number(row.id), shared_by: null })))
    .execute();
  return rows.map((row) => Number(row.id));
}

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.login(ADMIN);
  adminId = await userIdOf(app.context.db, ADMIN.username);
  const made = await createCompany(
    app.context.db,
    app.orgId,
    'Treeco',
    Array.from({ length: GROUPS }, (_, index) => `Line ${index + 1}`),
  );
  companyId = made.companyId;
  groupIds = made.groupIds;
  for (const [index, groupId] of groupIds.entries()) await manyMoulds(groupId, `${index + 1}`, PER_GROUP);
  await manyMoulds(null, 'loose', LOOSE);
});
afterAll(() => app?.close());

let staffCount = 0;
async function newStaff(): Promise<number> {
  staffCount += 1;
  const row = await app.context.db
    .insertInto('users')
    .values({ org_id: app.orgId, role_id: null, username: `lazy-staff-${staffCount}`, password_hash: 'unusable' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const TREE_CALLS = ['/api/yudata/mold_permission/', '/api/yudata/share/mold_tree/'] as const;

async function treeAnswer(path: string, query: string, token = admin) {
  const response = await app.request({ method: 'GET', url: `${path}?${query}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: MoldTreeNode[]; more?: boolean };
}
const nodes = (top: MoldTreeNode[]): MoldTreeNode[] => top.flatMap((node) => [node, ...nodes(node.children)]);
const mouldsIn = (top: MoldTreeNode[]) => nodes(top).filter((node) => node.category === 'mold');
const ownGrants = async (userId: number) =>
  (
    await app.context.db
      .selectFrom('user_mold_grants')
      .select('mold_id')
      .where('user_id', '=', userId)
      .where('shared_by', 'is', null)
      .execute()
  )
    .map((row) => Number(row.mold_id))
    .sort((a, b) => a - b);
const groupMoulds = async (groupId: number | null) =>
  (
    await app.context.db
      .selectFrom('molds')
      .select('id')
      .where('org_id', '=', app.orgId)
      .where('name', 'like', 'Tree %')
      .where((eb) => (groupId === null ? eb('group_id', 'is', null) : eb('group_id', '=', groupId)))
      .execute()
  ).map((row) => Number(row.id));
const distribute = (userId: number, body: object, token = admin) =>
  app.request({ method: 'PUT', url: `/api/yudata/mold_distribution/${userId}/`, token, payload: body });

describe('the permission tree a part at a time', () => {
  it.each(TREE_CALLS)('%s answers companies and groups with their counts first, no moulds', async (path) => {
    const total = (await groupMoulds(null)).length + GROUPS * PER_GROUP;
    expect(total).toBeGreaterThan(MOLD_TREE_WHOLE_UP_TO);
    const { data } = await treeAnswer(path, '');
    expect(mouldsIn(data)).toEqual([]);
    const company = data.find((node) => node.cateId === `c${companyId}`);
    expect(company).toMatchObject({ category: 'company', mold_count: GROUPS * PER_GROUP });
    expect(company).not.toHaveProperty('checked_count'); // 0 is left out
    expect(company?.children.map((node) => [node.cateId, node.mold_count, node.children.length])).toEqual(
      groupIds.map((groupId) => [`g${groupId}`, PER_GROUP, 0]),
    );
    expect(data.at(-1)).toMatchObject({ cateId: 'g0', parent: null, mold_count: LOOSE });
  });

  it.each(TREE_CALLS)("%s answers a group's moulds when it is opened, g0 those without a group", async (path) => {
    const { data } = await treeAnswer(path, `parent=g${groupIds[1]}`);
    expect(data.map((node) => node.id).sort((a, b) => a - b)).toEqual(
      (await groupMoulds(groupIds[1]!)).sort((a, b) => a - b),
    );
    expect(data[0]).toMatchObject({ category: 'mold', parent: `g${groupIds[1]}`, group: groupIds[1], children: [] });
    expect(data.slice(0, 3).map((node) => node.name)).toEqual(['Tree 2-1', 'Tree 2-2', 'Tree 2-3']);
    const loose = await treeAnswer(path, 'parent=g0');
    expect(loose.data.map((node) => node.parent)).toEqual(Array(LOOSE).fill('g0'));
  });

  it.each(TREE_CALLS)('%s searches on the server: names, numbers, group names; at most a page', async (path) => {
    const byNumber = await treeAnswer(path, `search=${encodeURIComponent('tn-3-7')}`);
    expect(mouldsIn(byNumber.data).map((node) => node.mold_number)).toEqual(
      expect.arrayContaining(['TN-3-7', 'TN-3-70']),
    );
    expect(byNumber.more).toBe(false);
    expect(nodes(byNumber.data)[0]).toMatchObject({ cateId: `c${companyId}`, mold_count: 2 });
    const byGroup = await treeAnswer(path, 'search=line%204');
    expect(mouldsIn(byGroup.data)).toHaveLength(PER_GROUP);
    const wide = await treeAnswer(path, 'search=tree');
    expect(mouldsIn(wide.data)).toHaveLength(MOLD_TREE_SEARCH_LIMIT);
    expect(wide.more).toBe(true);
    expect(mouldsIn((await treeAnswer(path, 'search=%25_')).data)).toEqual([]);
  });

  it.each(TREE_CALLS)('%s refuses a parent that is not a group and an over-long search, naming them', async (path) => {
    for (const [query, field] of [
      [`parent=c${companyId}`, 'parent'],
      ['parent=g-1', 'parent'],
      [`search=${'x'.repeat(65)}`, 'search'],
      ['user_id=abc', 'user_id'],
    ] as const) {
      const response = await app.request({ method: 'GET', url: `${path}?${query}`, token: admin });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().msg, query).toContain(field);
    }
  });

  it("never shows another organisation's moulds, through the first answer, a group or a search", async () => {
    const other = await app.freshUser();
    const token = await app.login(other);
    for (const path of TREE_CALLS) {
      expect(mouldsIn((await treeAnswer(path, 'search=tree', token)).data)).toEqual([]);
      expect((await treeAnswer(path, `parent=g${groupIds[0]}`, token)).data).toEqual([]);
      expect(JSON.stringify((await treeAnswer(path, '', token)).data)).not.toContain('Treeco');
    }
  });

  it('refuses a viewer the tree, its groups and its search (no user menu, no ShareUser)', async () => {
    const viewer = await app.login(VIEWER);
    for (const path of TREE_CALLS)
      for (const query of ['', `parent=g${groupIds[0]}`, 'search=tree']) {
        const response = await app.request({ method: 'GET', url: `${path}?${query}`, token: viewer });
        expect(response.statusCode, `${path}?${query}`).toBe(403);
      }
    expect(
      (await distribute(await newStaff(), { change: { check: { companyIds: [companyId] } } }, viewer)).statusCode,
    ).toBe(403);
  });
});

describe('distributing by company, group and mould', () => {
  it('checks a company, unchecks a group and a mould within it: the most specific wins, the rest stays', async () => {
    const target = await newStaff();
    const [first, second, third] = await Promise.all(groupIds.slice(0, 3).map((groupId) => groupMoulds(groupId)));
    const kept = second![0]!;
    const response = await distribute(target, {
      change: { check: { companyIds: [companyId], moldIds: [kept] }, uncheck: { groupIds: [groupIds[1]] } },
    });
    expect(response.statusCode, response.body).toBe(200);
    const everyCompanyMould = (await Promise.all(groupIds.map((groupId) => groupMoulds(groupId)))).flat();
    const expected = everyCompanyMould.filter((id) => !second!.includes(id) || id === kept).sort((a, b) => a - b);
    expect(await ownGrants(target)).toEqual(expected);
    expect(response.json().data.granted).toHaveLength(expected.length);

    const loose = await groupMoulds(null);
    const next = await distribute(target, {
      change: { check: { groupIds: [0] }, uncheck: { groupIds: [groupIds[0]], moldIds: [third![0]] } },
    });
    expect(next.json().data).toEqual({
      granted: expect.arrayContaining(loose),
      revoked: expect.arrayContaining([...first!, third![0]]),
    });
    const after = await ownGrants(target);
    expect(after).toEqual(expect.arrayContaining([...loose, kept, ...third!.slice(1)]));
    expect(after).not.toContain(first![0]);

    const { data } = await treeAnswer('/api/yudata/mold_permission/', `user_id=${target}`);
    const group = (id: number) => nodes(data).find((node) => node.cateId === `g${id}`);
    expect(group(groupIds[0]!)).toMatchObject({ checked: false });
    expect(group(groupIds[0]!)).not.toHaveProperty('checked_count');
    expect(group(groupIds[1]!)).toMatchObject({ checked_count: 1 });
    expect(group(groupIds[2]!)).toMatchObject({ checked_count: PER_GROUP - 1 });
    expect(group(0)).toMatchObject({ checked_count: LOOSE, checked: true });
  });

  it('refuses bad changes with 400 naming the field, changing nothing', async () => {
    const target = await newStaff();
    const other = await app.freshUser();
    const otherOrg = await app.context.db
      .selectFrom('users')
      .select('org_id')
      .where('username', '=', other.username)
      .executeTakeFirstOrThrow();
    const foreign = await createCompany(app.context.db, otherOrg.org_id, 'Elsewhere', ['Far']);
    for (const [change, field] of [
      [{ check: { groupIds: [foreign.groupIds[0]] } }, 'groupIds'],
      [{ uncheck: { companyIds: [foreign.companyId] } }, 'companyIds'],
      [{ check: { moldIds: [99_999_999] } }, 'moldIds'],
      [{ check: { groupIds: [-1] } }, 'groupIds'],
      [{ check: { companyIds: ['1'] } }, 'companyIds'],
      [{ check: 'everything' }, 'check'],
    ] as const) {
      const response = await distribute(target, { change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().msg, JSON.stringify(change)).toContain(field);
    }
    const neither = await distribute(target, {});
    expect(neither.statusCode).toBe(400);
    expect(neither.json().msg).toContain('moldIds');
    expect(await ownGrants(target)).toEqual([]);
  });
});

describe('sharing by the same tree', () => {
  it('shares a group less one mould; edits the share by unchecking a group; the tree marks it', async () => {
    const roles = await app.request({ method: 'GET', url: '/api/yudata/share/roles/', token: admin });
    const role = roles.json().data[0].id as number;
    const [shared, later] = [await groupMoulds(groupIds[2]!), await groupMoulds(groupIds[3]!)];
    const created = await app.request({
      method: 'POST',
      url: '/api/yudata/share_user/',
      token: admin,
      payload: {
        email: 'tree.partner@example.org',
        role,
        change: { check: { groupIds: [groupIds[2]], moldIds: [later[0]] }, uncheck: { moldIds: [shared[0]] } },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const recipient = created.json().data.id as number;
    expect(created.json().data.granted).toEqual(expect.arrayContaining([...shared.slice(1), later[0]]));
    expect(created.json().data.granted).toHaveLength(PER_GROUP);

    const marked = await treeAnswer('/api/yudata/share/mold_tree/', `user_id=${recipient}&mode=add`);
    const group = nodes(marked.data).find((node) => node.cateId === `g${groupIds[2]}`);
    expect(group).toMatchObject({ checked_count: PER_GROUP - 1, disabled_count: PER_GROUP - 1 });

    const edited = await app.request({
      method: 'PUT',
      url: `/api/yudata/share/mold_distribution/${recipient}/`,
      token: admin,
      payload: { change: { uncheck: { groupIds: [groupIds[2]] } } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.revoked).toHaveLength(PER_GROUP - 1);
    const opened = await treeAnswer(
      '/api/yudata/share/mold_tree/',
      `user_id=${recipient}&mode=edit&parent=g${groupIds[3]}`,
    );
    expect(opened.data.filter((node) => node.checked).map((node) => node.id)).toEqual([later[0]]);
    const nothing = await app.request({
      method: 'POST',
      url: '/api/yudata/share_user/',
      token: admin,
      payload: { email: 'nobody.tree@example.org', role, change: { uncheck: { companyIds: [companyId] } } },
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().key).toBe('20338');
  });
});
