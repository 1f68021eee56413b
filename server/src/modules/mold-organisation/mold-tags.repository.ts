import { sql, type Kysely } from 'kysely';
import type { TagKind } from '@mouldwatch/shared';
import type { Database } from '../../infra/db/schema.js';

export class MoldTagsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(orgId: number, kind: TagKind) {
    return this.db
      .selectFrom('mold_tags')
      .select(['id', 'name'])
      .where('org_id', '=', orgId)
      .where('kind', '=', kind)
      .orderBy(sql`lower(name), id`)
      .execute();
  }

  /** The new tag, or the one of that name (any case) the organisation has already. */
  async findOrInsert(orgId: number, kind: TagKind, name: string) {
    const inserted = await this.db
      .insertInto('mold_tags')
      .values({ org_id: orgId, kind, name })
      .onConflict((conflict) => conflict.doNothing())
      .returning(['id', 'name'])
      .executeTakeFirst();
    return (
      inserted ??
      this.db
        .selectFrom('mold_tags')
        .select(['id', 'name'])
        .where('org_id', '=', orgId)
        .where('kind', '=', kind)
        .where(sql<string>`lower(name)`, '=', sql<string>`lower(${name})`)
        .executeTakeFirstOrThrow()
    );
  }

  async delete(orgId: number, kind: TagKind, tagId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('mold_tags')
      .where('org_id', '=', orgId)
      .where('kind', '=', kind)
      .where('id', '=', tagId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
