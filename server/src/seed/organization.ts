import type { Kysely, Transaction } from 'kysely';
import { MENU_ITEMS, VIEWER_MENU_IDS, type MenuAction } from '@mouldwatch/shared';
import type { Database } from '../infra/db/schema.js';
import { inTransaction } from '../infra/db/transaction.js';
import { hashPassword } from '../infra/security/passwords.js';

const READ_ONLY: readonly MenuAction[] = ['view', 'export'];

export interface SeedUser {
  username: string;
  password: string;
  name: string;
  email: string;
  mobile?: string;
  /** Signed up: inactive until the code mailed to it activates it. */
  awaitingActivation?: boolean;
}

async function createRole(
  trx: Transaction<Database>,
  orgId: number,
  name: string,
  isViewer: boolean,
  grants: ReadonlyArray<{ menuId: number; actions: readonly MenuAction[] }>,
): Promise<number> {
  const role = await trx
    .insertInto('roles')
    .values({ org_id: orgId, name, is_viewer: isViewer })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = grants.map((grant) => ({
    role_id: role.id,
    menu_id: grant.menuId,
    actions: JSON.stringify(grant.actions),
  }));
  if (rows.length > 0) await trx.insertInto('role_permissions').values(rows).execute();
  return role.id;
}

/** A user of the organisation holding the role (tests add users with it too); answers its id. */
export async function createUser(
  trx: Kysely<Database>,
  orgId: number,
  roleId: number,
  user: SeedUser,
  isStaff: boolean,
): Promise<number> {
  const row = await trx
    .insertInto('users')
    .values({
      org_id: orgId,
      role_id: roleId,
      username: user.username,
      password_hash: await hashPassword(user.password),
      name: user.name,
      email: user.email,
      mobile: user.mobile ?? '',
      is_staff: isStaff,
      is_active: !user.awaitingActivation,
      awaiting_activation: user.awaitingActivation ?? false,
      subscribe: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * An organisation with an administrator role holding every menu action, a read-only viewer role
 * (map, home and detail, alarms, reports) and their users.
 */
export async function seedOrganization(
  db: Kysely<Database>,
  name: string,
  admin: SeedUser,
  viewer?: SeedUser,
): Promise<{ orgId: number; adminRoleId: number; viewerRoleId: number; adminId: number }> {
  return inTransaction(db, async (trx) => {
    const org = await trx.insertInto('organizations').values({ name }).returning('id').executeTakeFirstOrThrow();
    const adminRoleId = await createRole(
      trx,
      org.id,
      'Administrator',
      false,
      MENU_ITEMS.map((item) => ({ menuId: item.id, actions: item.actions })),
    );
    const viewerRoleId = await createRole(
      trx,
      org.id,
      'Viewer',
      true,
      MENU_ITEMS.filter((item) => VIEWER_MENU_IDS.includes(item.id)).map((item) => ({
        menuId: item.id,
        actions: item.actions.filter((action) => READ_ONLY.includes(action)),
      })),
    );
    const adminId = await createUser(trx, org.id, adminRoleId, admin, true);
    if (viewer) await createUser(trx, org.id, viewerRoleId, viewer, true);
    return { orgId: org.id, adminRoleId, viewerRoleId, adminId };
  });
}

export async function hasAnyUser(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}
