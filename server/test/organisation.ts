import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { MenuAction } from '@mouldwatch/shared';
import { limitMenuActions, orgIdOf, userIdOf } from './factories.js';
import type { TestApp } from './test-app.js';

/** The answer's data, failing loudly when the call did not succeed. */
function dataOf<T>(response: LightMyRequestResponse, what: string): T {
  if (response.statusCode !== 200) throw new Error(`${what} failed: ${response.body}`);
  return response.json().data as T;
}

export async function addCompany(app: TestApp, token: string, name: string): Promise<number> {
  const response = await app.request({ method: 'POST', url: '/api/yudata/mold_company/', token, payload: { name } });
  return dataOf<{ id: number }>(response, `adding company ${name}`).id;
}

export async function addGroup(app: TestApp, token: string, companyId: number, name: string): Promise<number> {
  const response = await app.request({
    method: 'POST',
    url: '/api/yudata/mold_group/',
    token,
    payload: { name, company_id: companyId },
  });
  return dataOf<{ id: number }>(response, `adding group ${name}`).id;
}

/** Puts the moulds into the group (the mould form's job, written directly here). */
export async function putInGroup(app: TestApp, groupId: number, moldIds: number[]): Promise<void> {
  await app.context.db.updateTable('molds').set({ group_id: groupId }).where('id', 'in', moldIds).execute();
}

/** A user administering an organisation of their own, signed in. */
export async function otherOrganisationAdmin(app: TestApp) {
  const user = await app.freshUser();
  const userId = await userIdOf(app.context.db, user.username);
  return { user, userId, orgId: await orgIdOf(app.context.db, userId), token: await app.login(user) };
}

/**
 * A call by the administrator of a new organisation whose role has every action on the menu item
 * but `missing`: what the permission check answers when only that action is lacking.
 */
export async function callWithout(
  app: TestApp,
  menuId: number,
  missing: MenuAction,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  const { user, token } = await otherOrganisationAdmin(app);
  const kept = (['view', 'add', 'edit', 'delete'] as const).filter((action) => action !== missing);
  await limitMenuActions(app.context.db, user.username, menuId, kept);
  return app.request({ ...options, token });
}
