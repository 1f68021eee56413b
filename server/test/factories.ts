import { randomBytes } from 'node:crypto';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { MenuAction } from '@mouldwatch/shared';
import type { Database } from '../src/infra/db/schema.js';
import type { TestApp } from './test-app.js';

/** A serial number no other test uses. */
export const uniqueDeviceNo = (prefix = 'SN') => `${prefix}-${randomBytes(6).toString('hex')}`;

export async function userIdOf(db: Kysely<Database>, username: string): Promise<number> {
  const row = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return row.id;
}

/** The organisation the user belongs to. */
export async function orgIdOf(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db.selectFrom('users').select('org_id').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.org_id;
}

/** The first viewer role of the organisation (the roles a share may give a new account). */
export async function viewerRoleOf(db: Kysely<Database>, orgId: number): Promise<number> {
  const row = await db
    .selectFrom('roles')
    .select('id')
    .where('org_id', '=', orgId)
    .where('is_viewer', '=', true)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A mould of the organisation, granted (writable) to the given users. */
export async function createMold(db: Kysely<Database>, orgId: number, grantedTo: number[] = []): Promise<number> {
  const mold = await db
    .insertInto('molds')
    .values({ org_id: orgId, name: 'Test mould', mold_number: uniqueDeviceNo('M') })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (grantedTo.length > 0) {
    await db
      .insertInto('user_mold_grants')
      .values(grantedTo.map((userId) => ({ user_id: userId, mold_id: mold.id, shared_by: null })))
      .execute();
  }
  return mold.id;
}

/** A company of the organisation with groups of these names: their ids. */
export async function createCompany(db: Kysely<Database>, orgId: number, name: string, groups: string[]) {
  const company = await db
    .insertInto('companies')
    .values({ org_id: orgId, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = await db
    .insertInto('mold_groups')
    .values(groups.map((group) => ({ org_id: orgId, company_id: company.id, name: group })))
    .returning('id')
    .execute();
  return { companyId: company.id, groupIds: rows.map((row) => row.id) };
}

/** Registers a device through the API (as the signed-in admin) and answers its id, serial number and token. */
export async function registerDevice(
  app: TestApp,
  token: string,
  deviceNo = uniqueDeviceNo(),
): Promise<{ id: number; device_no: string; token: string }> {
  const response = await app.request({
    method: 'POST',
    url: '/api/yudata/device/',
    token,
    payload: { device_no: deviceNo },
  });
  if (response.statusCode !== 200) throw new Error(`registering ${deviceNo} failed: ${response.body}`);
  return response.json().data;
}

export async function bindDevice(app: TestApp, token: string, deviceId: number, moldId: number | null) {
  const response = await app.request({
    method: 'PUT',
    url: `/api/yudata/device/${deviceId}/`,
    token,
    payload: { mold_id: moldId },
  });
  if (response.statusCode !== 200) throw new Error(`binding device ${deviceId} failed: ${response.body}`);
}

/** Posts telemetry messages as the device whose token this is, over HTTP; answers the response. */
export function postTelemetry(app: TestApp, deviceToken: string, messages: readonly object[]) {
  return app.request({
    method: 'POST',
    url: '/api/device/telemetry/',
    headers: { authorization: `Device ${deviceToken}`, 'content-type': 'application/json' },
    payload: JSON.stringify(messages),
  });
}

/**
 * A mould granted to the users, with a device bound to it (registered by the admin whose JWT is
 * `token`), and `send`: posts telemetry messages as that device, expecting them stored.
 */
export async function mouldWithDevice(app: TestApp, token: string, grantedTo: number[]) {
  const moldId = await createMold(app.context.db, app.orgId, grantedTo);
  const device = await registerDevice(app, token);
  await bindDevice(app, token, device.id, moldId);
  const send = async (messages: object[]) => {
    const response = await postTelemetry(app, device.token, messages);
    if (response.statusCode !== 200) throw new Error(`telemetry refused: ${response.body}`);
  };
  return { moldId, device, send };
}

/** Takes a menu item out of the user's role (and so from every user of that role). */
export async function revokeMenu(db: Kysely<Database>, username: string, menuId: number): Promise<void> {
  const { role_id: roleId } = await db
    .selectFrom('users')
    .select('role_id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  await db.deleteFrom('role_permissions').where('role_id', '=', roleId).where('menu_id', '=', menuId).execute();
}

export async function readingsOf(db: Kysely<Database>, deviceId: number) {
  return db.selectFrom('readings').selectAll().where('device_id', '=', deviceId).orderBy('seq').execute();
}

/**
 * Holds an exclusive lock on the readings table until released, so that writes wait: the
 * database is slow. (On the embedded database every query waits, as it has one session.)
 */
export async function holdReadingsLock(db: Kysely<Database>): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const transaction = db.transaction().execute(async (trx) => {
    await sql`lock table readings in exclusive mode`.execute(trx);
    locked();
    await released;
  });
  await isLocked;
  return async () => {
    release();
    await transaction;
  };
}

/** Takes the readings table away, so that writes fail until it is put back: the database is broken. */
export async function breakReadingsTable(db: Kysely<Database>): Promise<() => Promise<void>> {
  await sql`alter table readings rename to readings_away`.execute(db);
  return async () => {
    await sql`alter table readings_away rename to readings`.execute(db);
  };
}

/** A valid telemetry message with the given seq, taken now. */
export const telemetryMessage = (seq: number, extra: Record<string, unknown> = {}) => ({
  seq,
  ts: Math.floor(Date.now() / 1000),
  counter: 1000 + seq,
  cycle_time: 30.5,
  event: 'cycle',
  ...extra,
});

/** Leaves the user's role only these actions on the menu item (none: the item is taken away). */
export async function limitMenuActions(
  db: Kysely<Database>,
  username: string,
  menuId: number,
  actions: readonly MenuAction[],
): Promise<void> {
  await revokeMenu(db, username, menuId);
  const { role_id: roleId } = await db
    .selectFrom('users')
    .select('role_id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  if (roleId !== null && actions.length > 0) {
    await db
      .insertInto('role_permissions')
      .values({ role_id: roleId, menu_id: menuId, actions: JSON.stringify(actions) })
      .execute();
  }
}

/** What an alarm row may be given; everything else takes a plausible default (a temperature alarm, open now). */
export type AlarmFields = Partial<Omit<Insertable<Database['alarms']>, 'org_id' | 'mold_id'>>;

/**
 * An alarm of the mould as the alarm engine writes it (contracts.md): a random 128-bit `unique_str`,
 * opened now on mould channel 1 unless told otherwise. Answers its id and `unique_str`.
 */
export async function createAlarm(db: Kysely<Database>, orgId: number, moldId: number, fields: AlarmFields = {}) {
  const now = new Date();
  const opened = fields.opened_at ?? now;
  return db
    .insertInto('alarms')
    .values({
      org_id: orgId,
      mold_id: moldId,
      alarm_type: 3,
      unique_str: randomBytes(16).toString('hex'),
      channel: 'mold_temp:1',
      temp_type: 1,
      level: 'alert',
      value: 72.5,
      bound: 70,
      set_value: 60,
      updated_at: opened,
      last_notified_at: opened,
      ...fields,
      opened_at: opened,
    })
    .returning(['id', 'unique_str'])
    .executeTakeFirstOrThrow();
}
