import { z } from 'zod';
import { MenuId, type MenuAction } from '@mouldwatch/shared';

/** The spec's group list limit (§9): pickers ask for up to 1,000 at once. */
const MAX_LIST_LIMIT = 1000;

export const positiveId = z.coerce.number().int().positive();
export const idParams = z.object({ id: positiveId });
export const langQuery = z.object({ lang: z.string().optional() });
export const listQuery = langQuery.extend({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_LIST_LIMIT).default(20),
  /** Part of the name, any case; blank means no search. */
  search: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((value) => value || undefined),
});

export const permissionOn = (menu: number) => (action: MenuAction) => ({ menu, action });
/** The pickers and tags serve the mould form and the mould filters: the mould list's menu item. */
export const moldPermission = permissionOn(MenuId.mold);

/** The spec's paths carry an optional `{token}` segment, accepted and ignored: the header authenticates. */
export const withOptionalToken = (path: string) => [path, `${path}:token`];
