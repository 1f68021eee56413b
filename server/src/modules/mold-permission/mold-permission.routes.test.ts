import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoldTreeNode } from '@mouldwatch/shared';
import { createCompany, createMold, userIdOf } from '../../../test/factories.js';
import { ADMIN, VIEWER, startTestApp, type TestApp } from '../../../test/test-app.js';

let app: TestApp;
let admin: string;
let adminId: number;
let viewerId: number;

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.login(ADMIN);
  adminId = await userIdOf(app.context.db, ADMIN.username);
  viewerId = await userIdOf(app.context.db, VIEWER.username);
});
afterAll(() => app?.close());

async function companyWithGroup(orgId: number, name: string) {
  const { companyId, groupIds } = await createCompany(app.context.db, orgId, name, [`${name}G`]);
  return { companyId, groupId: groupIds[0]! };
}

async function moldIn(groupId: number | null, grantedTo: number[], orgId = app.orgId) {
  const moldId = await createMold(app.context.db, orgId, grantedTo);
  await app.context.db.updateTable('molds').set({ group_id: groupId }).where('id', '=', moldId).execute();
  return moldId;
}

async function share(userId: number, moldId: number, sharedBy: number) {
  await app.context.db
    .insertInto('user_mold_grants')
    .values({ user_id: userId, mold_id: moldId, shared_by: sharedBy })
    .execute();
}

let staffCount = 0;
/** A user of the admin's organisation holding nothing yet. */
async function newStaff(): Promise<number> {
  staffCount += 1;
  const row = await app.context.db
    .insertInto('users')
    .values({ org_id: app.orgId, role_id: null, username: `tree-staff-${staffCount}`, password_hash: 'unusable' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const tree = async (query = '', token = admin) => {
  const response = await app.request({ method: 'GET', url: `/api/yudata/mold_permission/${query}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as MoldTreeNode[];
};
const distribute = (userId: number, moldIds: unknown, token = admin) =>
  app.request({ method: 'PUT', url: `/api/yudata/mold_distribution/${userId}/`, token, payload: { moldIds } });
const nodes = (top: MoldTreeNode[]): MoldTreeNode[] => top.flatMap((node) => [node, ...nodes(node.children)]);
const byCateId = (top: MoldTreeNode[], cateId: string) => nodes(top).find((node) => node.cateId === cateId);
const ownGrants = async (userId: number) =>
  (
    await app.context.db
      .selectFrom('user_mold_grants')
      .select(['mold_id', 'shared_by'])
      .where('user_id', '=', userId)
      .orderBy('mold_id')
      .execute()
  ).map((row) => `${row.mold_id}${row.shared_by === null ? '' : 's'}`);

describe('mould permission tree', () => {
  it("shows the caller's moulds as company → group → mould, ungrouped ones under g0, with the user's grants", async () => {
    const { companyId, groupId } = await companyWithGroup(app.orgId, 'Acme');
    const a = await moldIn(groupId, [adminId, viewerId]);
    const b = await moldIn(groupId, [adminId]);
    const loose = await moldIn(null, [adminId]);
    await moldIn(groupId, []); // not the admin's: not in the tree
    const other = await app.freshUser();
    const otherId = await userIdOf(app.context.db, other.username);
    const foreign = await moldIn(
      null,
      [otherId],
      (await app.context.db.selectFrom('users').select('org_id').where('id', '=', otherId).executeTakeFirstOrThrow())
        .org_id,
    );
    await share(adminId, foreign, otherId); // another organisation's mould shared to the admin: not theirs to hand out

    const top = await tree(`?user_id=${viewerId}`);
    const company = byCateId(top, `c${companyId}`);
    expect(company).toMatchObject({ id: companyId, category: 'company', name: 'Acme', parent: null, group: null });
    const group = company?.children[0];
    expect(group).toMatchObject({
      id: groupId,
      cateId: `g${groupId}`,
      category: 'group',
      parent: `c${companyId}`,
      group: groupId,
      checked: false,
      disabled: false,
    });
    expect(group?.children.map((node) => [node.cateId, node.checked, node.disabled, node.parent])).toEqual([
      [`m${a}`, true, false, `g${groupId}`],
      [`m${b}`, false, false, `g${groupId}`],
    ]);
    const ungrouped = byCateId(top, 'g0');
    expect(ungrouped).toMatchObject({ id: 0, category: 'group', parent: null, group: null });
    expect(ungrouped?.children.map((node) => node.id)).toEqual([loose]);
    expect(byCateId(top, `m${foreign}`)).toBeUndefined();
    expect(nodes(top).every((node) => node.category !== 'mold' || node.children.length === 0)).toBe(true);
  });

  it('disables moulds shared to the caller, and moulds the user holds by a share; a group of such moulds too', async () => {
    const { groupId } = await companyWithGroup(app.orgId, 'Shared');
    const colleague = await moldIn(groupId, [viewerId]);
    await share(adminId, colleague, viewerId);
    const top = await tree();
    expect(byCateId(top, `m${colleague}`)).toMatchObject({ disabled: true, checked: false });
    expect(byCateId(top, `g${groupId}`)?.disabled).toBe(true);

    const mine = await moldIn(groupId, [adminId]);
    const user = await userIdOf(app.context.db, VIEWER.username);
    await share(user, mine, adminId);
    expect(byCateId(await tree(`?user_id=${user}`), `m${mine}`)).toMatchObject({ disabled: true, checked: true });
  });

  it("sets the user's own grants to exactly the set; shared ones and moulds the caller cannot hand out stay", async () => {
    const { groupId } = await companyWithGroup(app.orgId, 'Dist');
    const [a, b, c] = [
      await moldIn(groupId, [adminId]),
      await moldIn(groupId, [adminId]),
      await moldIn(groupId, [adminId]),
    ];
    const target = await newStaff();
    const sharedToTarget = c;
    await share(target, sharedToTarget, adminId);
    const notAdmins = await moldIn(groupId, [target]);
    const before = await ownGrants(target);

    const first = await distribute(target, `${a},${b}`);
    expect(first.json()).toMatchObject({ code: 200, data: { granted: [a, b], revoked: [] } });
    const second = await distribute(target, [b, c]);
    expect(second.json().data).toEqual({ granted: [], revoked: [a] });
    const after = await ownGrants(target);
    expect(after).toEqual(expect.arrayContaining([`${b}`, `${c}s`, `${notAdmins}`]));
    expect(after).not.toContain(`${a}`);
    expect(after.length).toBe(new Set([...before, `${b}`]).size);
    expect((await distribute(target, '')).json().data.revoked).toEqual([b]);
  });

  it('refuses a mould the caller may not distribute with 400 naming moldIds, changing nothing', async () => {
    const { groupId } = await companyWithGroup(app.orgId, 'Refuse');
    const mine = await moldIn(groupId, [adminId]);
    const sharedToMe = await moldIn(groupId, [viewerId]);
    await share(adminId, sharedToMe, viewerId);
    const before = await ownGrants(viewerId);
    for (const moldIds of [[mine, sharedToMe], [mine, 99999999], 'x,1', [0]]) {
      const response = await distribute(viewerId, moldIds);
      expect(response.statusCode, JSON.stringify(moldIds)).toBe(400);
      expect(response.json().msg).toContain('moldIds');
    }
    expect(await ownGrants(viewerId)).toEqual(before);
  });

  it('answers 404 for a user of another organisation and 403 without the user menu', async () => {
    const other = await app.freshUser();
    const otherId = await userIdOf(app.context.db, other.username);
    expect(
      (await app.request({ method: 'GET', url: `/api/yudata/mold_permission/?user_id=${otherId}`, token: admin }))
        .statusCode,
    ).toBe(404);
    expect((await distribute(otherId, [])).statusCode).toBe(404);
    const viewer = await app.login(VIEWER);
    expect((await app.request({ method: 'GET', url: '/api/yudata/mold_permission/', token: viewer })).json().code).toBe(
      6000,
    );
    expect((await distribute(viewerId, [], viewer)).statusCode).toBe(403);
    const otherToken = await app.login(other);
    const otherTree = await tree('', otherToken);
    const mine = await moldIn(null, [adminId]);
    expect(byCateId(otherTree, `m${mine}`)).toBeUndefined();
    expect((await distribute(otherId, [mine], otherToken)).statusCode).toBe(400);
  });

  it('announces granted and revoked moulds on the bus', async () => {
    const events: unknown[] = [];
    const stop = app.context.bus.subscribe('grantsChanged', (event) => events.push(event));
    const a = await moldIn(null, [adminId]);
    const b = await moldIn(null, [adminId]);
    const target = await newStaff();
    await distribute(target, [a]);
    await distribute(target, [b]);
    stop();
    expect(events).toEqual([
      { userIds: [target], moldIds: [a], change: 'granted' },
      { userIds: [target], moldIds: [b], change: 'granted' },
      { userIds: [target], moldIds: [a], change: 'revoked' },
    ]);
  });
});
