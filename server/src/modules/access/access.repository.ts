import type { Kysely } from 'kysely';
import type { MenuAction } from '@mouldwatch/shared';
import { inParameterSlices } from '../../infra/db/parameter-slices.js';
import type { Database } from '../../infra/db/schema.js';

export class AccessRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The actions the role grants, per menu item, limited to what each item allows. */
  async grantedActions(roleId: number): Promise<Map<number, MenuAction[]>> {
    const rows = await this.db
      .selectFrom('role_permissions as rp')
      .innerJoin('menu_items as m', 'm.id', 'rp.menu_id')
      .select(['rp.menu_id', 'rp.actions as granted', 'm.actions as allowed'])
      .where('rp.role_id', '=', roleId)
      .execute();
    return new Map(rows.map((row) => [row.menu_id, row.granted.filter((action) => row.allowed.includes(action))]));
  }

  async moldGrant(userId: number, moldId: number): Promise<{ shared_by: number | null } | undefined> {
    return this.db
      .selectFrom('user_mold_grants')
      .select('shared_by')
      .where('user_id', '=', userId)
      .where('mold_id', '=', moldId)
      .executeTakeFirst();
  }

  /**
   * Which of these moulds the user is granted or shared; with `sharedOnly`, only those someone
   * else shared with them (read-only for them).
   */
  async grantedMoldIds(
    userId: number,
    moldIds: readonly number[],
    { sharedOnly = false }: { sharedOnly?: boolean } = {},
  ): Promise<Set<number>> {
    if (moldIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('user_mold_grants')
      .select('mold_id')
      .where('user_id', '=', userId)
      .where('mold_id', 'in', moldIds)
      .$if(sharedOnly, (query) => query.where('shared_by', 'is not', null))
      .execute();
    return new Set(rows.map((row) => row.mold_id));
  }

  /** The users granted or shared any of these moulds. */
  async holders(moldIds: readonly number[]): Promise<number[]> {
    if (moldIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('user_mold_grants')
      .select('user_id')
      .distinct()
      .where('mold_id', 'in', moldIds)
      .execute();
    return rows.map((row) => row.user_id);
  }

  /**
   * Grants the moulds to the user, shared by `sharedBy` (null: granted by the organisation); a mould
   * the user holds already stays as it is. Answers the moulds newly granted.
   */
  async addGrants(userId: number, moldIds: readonly number[], sharedBy: number | null): Promise<number[]> {
    const rows = await inParameterSlices(
      moldIds.map((moldId) => ({ user_id: userId, mold_id: moldId, shared_by: sharedBy })),
      (slice) =>
        this.db
          .insertInto('user_mold_grants')
          .values(slice)
          .onConflict((conflict) => conflict.columns(['user_id', 'mold_id']).doNothing())
          .returning('mold_id')
          .execute(),
    );
    return rows.map((row) => row.mold_id);
  }
}
