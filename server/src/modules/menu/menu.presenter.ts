import type { Language, MenuAction, MenuEntry } from '@mouldwatch/shared';
import type { MenuItemRow } from '../../infra/db/schema.js';

const NAME_COLUMN = { en: 'name_en', zh: 'name_zh', kor: 'name_kor', por: 'name_por' } as const;

export function presentMenuEntry(row: MenuItemRow, language: Language, granted: MenuAction[]): MenuEntry {
  return {
    id: row.id,
    parent: row.parent,
    name: row[NAME_COLUMN[language]],
    path: row.path,
    sort: row.sort,
    menuPermission: granted,
    api: row.api,
  };
}
