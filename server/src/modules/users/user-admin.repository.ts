import type { Kysely } from 'kysely';
import type { Database, NewUser, UserUpdate } from '../../infra/db/schema.js';
import { containing } from '../../infra/db/like.js';

export interface AdminUserRow {
  id: number;
  username: string;
  name: string;
  mobile: string;
  email: string;
  role_id: number | null;
  role_name: string | null;
  is_active: boolean;
  is_staff: boolean;
  subscribe: number;
  last_login: Date | null;
  date_joined: Date;
}

const LIST_COLUMNS = [
  'u.id',
  'u.username',
  'u.name',
  'u.mobile',
  'u.email',
  'u.role_id',
  'r.name as role_name',
  'u.is_active',
  'u.is_staff',
  'u.subscribe',
  'u.last_login',
  'u.date_joined',
] as const;

/** A unique violation: on users, only the case-insensitive user name index can raise it. */
export const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** The organisation's users as its administrators see them. */
export class UserAdminRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A page of the organisation's users, those whose user name or name contains `search` when given. */
  async page(
    orgId: number,
    search: string | undefined,
    offset: number,
    limit: number,
  ): Promise<{ rows: AdminUserRow[]; total: number }> {
    const matching = this.db
      .selectFrom('users as u')
      .where('u.org_id', '=', orgId)
      .$if(search !== undefined && search !== '', (query) => {
        const pattern = containing(search ?? '');
        return query.where((eb) => eb.or([eb('u.username', 'ilike', pattern), eb('u.name', 'ilike', pattern)]));
      });
    const [rows, count] = await Promise.all([
      matching
        .leftJoin('roles as r', 'r.id', 'u.role_id')
        .select(LIST_COLUMNS)
        .orderBy('u.id')
        .offset(offset)
        .limit(limit)
        .execute(),
      matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  find(orgId: number, userId: number): Promise<AdminUserRow | undefined> {
    return this.db
      .selectFrom('users as u')
      .leftJoin('roles as r', 'r.id', 'u.role_id')
      .select(LIST_COLUMNS)
      .where('u.org_id', '=', orgId)
      .where('u.id', '=', userId)
      .executeTakeFirst();
  }

  async roleInOrg(orgId: number, roleId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('roles')
      .select('id')
      .where('id', '=', roleId)
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insert(user: NewUser): Promise<number> {
    const row = await this.db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /** Saves the changes; `revoke` also ends every session of the user (token_version + 1). */
  async update(orgId: number, userId: number, changes: UserUpdate, revoke: boolean): Promise<void> {
    if (Object.keys(changes).length === 0 && !revoke) return;
    await this.db
      .updateTable('users')
      .set((eb) => ({ ...changes, ...(revoke ? { token_version: eb('token_version', '+', 1) } : {}) }))
      .where('id', '=', userId)
      .where('org_id', '=', orgId)
      .execute();
  }

  async delete(orgId: number, userId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('users')
      .where('id', '=', userId)
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The moulds granted to the user directly (not shared to them). */
  async ownGrantIds(userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('user_mold_grants')
      .select('mold_id')
      .where('user_id', '=', userId)
      .where('shared_by', 'is', null)
      .orderBy('mold_id')
      .execute();
    return rows.map((row) => row.mold_id);
  }

  /** Users who received a share from this user: their shared moulds go with the user. */
  async shareRecipients(userId: number): Promise<Array<{ user_id: number; mold_id: number }>> {
    return this.db
      .selectFrom('user_mold_grants')
      .select(['user_id', 'mold_id'])
      .where('shared_by', '=', userId)
      .execute();
  }
}
