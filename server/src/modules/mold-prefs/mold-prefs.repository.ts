import { sql, type Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema.js';

export class MoldPrefsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async setFavourite(userId: number, moldId: number, favourite: boolean): Promise<void> {
    await this.db
      .updateTable('user_mold_grants')
      .set({ favourite })
      .where('user_id', '=', userId)
      .where('mold_id', '=', moldId)
      .execute();
  }

  /** How many of the moulds the user may see. */
  async grantedCount(userId: number, moldIds: readonly number[]): Promise<number> {
    const row = await this.db
      .selectFrom('user_mold_grants')
      .select((eb) => eb.fn.countAll<number>().as('granted'))
      .where('user_id', '=', userId)
      .where('mold_id', 'in', moldIds)
      .executeTakeFirstOrThrow();
    return row.granted;
  }

  /**
   * Puts the moulds in the given order within the places they hold in the user's order, so a
   * reordered part of the list (a filtered view) leaves every other mould where it was.
   */
  async reorder(userId: number, moldIds: readonly number[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // Every mould gets a place 1…n in the current order (moulds never ordered follow, by id).
      await sql`
        update user_mold_grants g set sort = o.place
        from (
          select mold_id, row_number() over (order by sort asc nulls last, mold_id) as place
          from user_mold_grants where user_id = ${userId}
        ) o
        where g.user_id = ${userId} and g.mold_id = o.mold_id and g.sort is distinct from o.place`.execute(trx);
      // The n-th mould given takes the n-th of the places the given moulds hold.
      await sql`
        update user_mold_grants g set sort = places.place
        from unnest(${moldIds}::bigint[]) with ordinality as given(mold_id, rank)
        join (
          select sort as place, row_number() over (order by sort) as rank
          from user_mold_grants where user_id = ${userId} and mold_id = any(${moldIds}::bigint[])
        ) places on places.rank = given.rank
        where g.user_id = ${userId} and g.mold_id = given.mold_id`.execute(trx);
    });
  }
}
