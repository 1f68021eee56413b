import { sql, type Kysely, type Transaction } from 'kysely';
import type { MenuAction, RolePermission } from '@mouldwatch/shared';
import type { Database } from '../../infra/db/schema.js';

export interface RoleListRow {
  id: number;
  name: string;
  is_viewer: boolean;
  user_count: number;
}

export interface RoleFields {
  name: string;
  is_viewer: boolean;
  permissions: RolePermission[];
}

/** `%text%` for LIKE, with the text's own wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

export class RolesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The organisation's roles, oldest first, with how many users hold each; `search` matches names in any case. */
  async page(
    orgId: number,
    offset: number,
    limit: number,
    search?: string,
  ): Promise<{ rows: RoleListRow[]; total: number }> {
    const scoped = this.db
      .selectFrom('roles as r')
      .where('r.org_id', '=', orgId)
      .$if(search !== undefined && search !== '', (query) => query.where('r.name', 'ilike', containing(search ?? '')));
    const [rows, count] = await Promise.all([
      scoped.select(this.#listColumns()).orderBy('r.id').offset(offset).limit(limit).execute(),
      scoped.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  /** The role, when it is the organisation's; inside a transaction, read through it (`executor`). */
  find(orgId: number, roleId: number, executor: Kysely<Database> = this.db): Promise<RoleListRow | undefined> {
    return executor
      .selectFrom('roles as r')
      .select(this.#listColumns())
      .where('r.org_id', '=', orgId)
      .where('r.id', '=', roleId)
      .executeTakeFirst();
  }

  /** The stored actions per menu item of these roles. */
  async permissionsOf(roleIds: readonly number[]): Promise<Map<number, RolePermission[]>> {
    const byRole = new Map<number, RolePermission[]>(roleIds.map((id) => [id, []]));
    if (roleIds.length === 0) return byRole;
    const rows = await this.db
      .selectFrom('role_permissions')
      .select(['role_id', 'menu_id', 'actions'])
      .where('role_id', 'in', roleIds)
      .orderBy('menu_id')
      .execute();
    for (const row of rows) byRole.get(row.role_id)?.push({ menu_id: row.menu_id, actions: row.actions });
    return byRole;
  }

  /**
   * Serialises the organisation's role writes (name checks, deletes) behind its row lock, so two
   * requests cannot both find a name free.
   */
  async lockOrganization(trx: Transaction<Database>, orgId: number): Promise<void> {
    await trx.selectFrom('organizations').select('id').where('id', '=', orgId).forUpdate().execute();
  }

  /** Whether another role of the organisation has this name, in any case. */
  async nameTaken(trx: Transaction<Database>, orgId: number, name: string, exceptRoleId?: number): Promise<boolean> {
    const row = await trx
      .selectFrom('roles')
      .select('id')
      .where('org_id', '=', orgId)
      .where(sql<string>`lower(name)`, '=', sql<string>`lower(${name})`)
      .$if(exceptRoleId !== undefined, (query) => query.where('id', '!=', exceptRoleId ?? 0))
      .executeTakeFirst();
    return row !== undefined;
  }

  async insert(trx: Transaction<Database>, orgId: number, fields: RoleFields): Promise<number> {
    const row = await trx
      .insertInto('roles')
      .values({ org_id: orgId, name: fields.name, is_viewer: fields.is_viewer })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.#writePermissions(trx, row.id, fields.permissions);
    return row.id;
  }

  /** False when the role is not the organisation's. */
  async update(trx: Transaction<Database>, orgId: number, roleId: number, fields: RoleFields): Promise<boolean> {
    const row = await trx
      .updateTable('roles')
      .set({ name: fields.name, is_viewer: fields.is_viewer })
      .where('org_id', '=', orgId)
      .where('id', '=', roleId)
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    await trx.deleteFrom('role_permissions').where('role_id', '=', roleId).execute();
    await this.#writePermissions(trx, roleId, fields.permissions);
    return true;
  }

  /** How many users hold the role (any organisation's users: only its own can). */
  async userCount(trx: Transaction<Database>, roleId: number): Promise<number> {
    const row = await trx
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('role_id', '=', roleId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async delete(trx: Transaction<Database>, orgId: number, roleId: number): Promise<void> {
    await trx.deleteFrom('roles').where('org_id', '=', orgId).where('id', '=', roleId).execute();
  }

  /** The users holding the role: their consoles hear that its menu changed. */
  async holderIds(roleId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('users').select('id').where('role_id', '=', roleId).execute();
    return rows.map((row) => row.id);
  }

  async #writePermissions(trx: Transaction<Database>, roleId: number, permissions: RolePermission[]): Promise<void> {
    if (permissions.length === 0) return;
    await trx
      .insertInto('role_permissions')
      .values(
        permissions.map((permission) => ({
          role_id: roleId,
          menu_id: permission.menu_id,
          actions: JSON.stringify(permission.actions satisfies MenuAction[]),
        })),
      )
      .execute();
  }

  #listColumns() {
    return [
      'r.id',
      'r.name',
      'r.is_viewer',
      sql<number>`(select count(*) from users u where u.role_id = r.id)::int`.as('user_count'),
    ] as const;
  }
}
