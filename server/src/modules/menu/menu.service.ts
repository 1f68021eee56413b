import type { Kysely } from 'kysely';
import { MENU_ITEMS, type Language, type MenuEntry } from '@mouldwatch/shared';
import type { AppContext } from '../../app-context.js';
import type { Database } from '../../infra/db/schema.js';
import type { AccessService, Principal } from '../access/access.service.js';
import { presentMenuEntry } from './menu.presenter.js';
import { MenuRepository } from './menu.repository.js';

/** The spec's menu items, written at every start (a new version's items and names take effect). */
export function seedMenu(db: Kysely<Database>): Promise<void> {
  return new MenuRepository(db).upsertItems(MENU_ITEMS);
}

export class MenuService {
  readonly #repository: MenuRepository;

  constructor(
    context: AppContext,
    private readonly access: AccessService,
  ) {
    this.#repository = new MenuRepository(context.db);
  }

  /** The items the user's role grants at least one action on, with those actions, named in `language`. */
  async menuOf(principal: Principal, language: Language, limit: number): Promise<MenuEntry[]> {
    const granted = await this.access.grantedActions(principal);
    const ids = [...granted].filter(([, actions]) => actions.length > 0).map(([id]) => id);
    const rows = await this.#repository.itemsByIds(ids);
    return rows.slice(0, limit).map((row) => presentMenuEntry(row, language, granted.get(row.id) ?? []));
  }
}
