import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MenuEntry } from '@mouldwatch/shared';
import { api } from '../../../lib/api';

/** The menu limit of the spec (§9). */
export const MENU_LIMIT = 1000;

/** GET /api/yudata/menu/web_router/?limit=1000; names come localised by the `lang` query. */
export async function getMenu(signal?: AbortSignal): Promise<MenuEntry[]> {
  const { data } = await api.get<MenuEntry[]>('/yudata/menu/web_router/', { query: { limit: MENU_LIMIT }, signal });
  return Array.isArray(data) ? data : [];
}

/** Keyed by the language code so a language switch loads the menu again in the new language. */
export const menuQueryOptions = (languageCode: string) =>
  queryOptions({
    queryKey: ['menu', languageCode],
    queryFn: ({ signal }) => getMenu(signal),
    staleTime: 0,
  });

export const useMenu = (languageCode: string, options: { enabled?: boolean } = {}) =>
  useQuery({ ...menuQueryOptions(languageCode), enabled: options.enabled ?? true });
