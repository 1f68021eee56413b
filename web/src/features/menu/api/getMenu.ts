import type { MenuEntry } from '@mouldwatch/shared';
import { api } from '../../../lib/api';

/** The menu limit of the spec (§9). */
const MENU_LIMIT = 1000;

/** GET /api/yudata/menu/web_router/?limit=1000; names come localised by the `lang` query. */
export async function getMenu(signal?: AbortSignal): Promise<MenuEntry[]> {
  const { data } = await api.get<MenuEntry[]>('/yudata/menu/web_router/', { query: { limit: MENU_LIMIT }, signal });
  return Array.isArray(data) ? data : [];
}
