import { sql, type Kysely } from 'kysely';
import type { ProductMould } from '@mouldwatch/shared';
import type { Database } from '../../infra/db/schema.js';
import { isOnline, stateClass, visibleMoulds } from '../mold-status/mold-filters.js';

export class ProductsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Every mould the caller may read (granted or shared: the reports' and the home list's scope) with
   * its part ID and project name and its live state class as the home list classifies it.
   */
  moulds(userId: number): Promise<ProductMould[]> {
    return visibleMoulds(this.db, userId)
      .select([
        'm.id',
        'm.name',
        'm.mold_number',
        sql<string>`coalesce(m.info->>'part_id', '')`.as('part_id'),
        sql<string>`coalesce(m.info->>'project_name', '')`.as('project_name'),
        stateClass.as('state'),
        isOnline.as('online'),
      ])
      .execute();
  }
}
