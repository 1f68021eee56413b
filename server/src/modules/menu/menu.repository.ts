import type { Kysely } from 'kysely';
import type { MenuItemDefinition } from '@mouldwatch/shared';
import type { Database, MenuItemRow } from '../../infra/db/schema.js';

export class MenuRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Writes the spec's menu items; safe to run at every start. Parents first, for the foreign key. */
  async upsertItems(items: readonly MenuItemDefinition[]): Promise<void> {
    const parentsFirst = [...items].sort((a, b) => Number(a.parent !== null) - Number(b.parent !== null));
    for (const item of parentsFirst) {
      const values = {
        id: item.id,
        parent: item.parent,
        path: item.path,
        sort: item.sort,
        actions: JSON.stringify(item.actions),
        api: item.api,
        name_en: item.names.en,
        name_zh: item.names.zh,
        name_kor: item.names.kor,
        name_por: item.names.por,
      };
      await this.db
        .insertInto('menu_items')
        .values(values)
        .onConflict((conflict) => conflict.column('id').doUpdateSet({ ...values, id: undefined }))
        .execute();
    }
  }

  itemsByIds(ids: readonly number[]): Promise<MenuItemRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('menu_items').selectAll().where('id', 'in', ids).orderBy('sort').orderBy('id').execute();
  }
}
