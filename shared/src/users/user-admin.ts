import * as z from 'zod/mini';
import { accountRule, emailRule, passwordRule, personNameRule, phoneRule } from '../validation/rules.js';

/** A user as the administration list and `GET /api/yudata/user/{id}/` show it. */
export interface UserRecord {
  id: number;
  username: string;
  name: string;
  mobile: string;
  email: string;
  role: { id: number; name: string } | null;
  is_active: boolean;
  is_staff: 0 | 1;
  subscribe: 0 | 1;
  /** ISO 8601, null before the first login. */
  last_login: string | null;
  date_joined: string;
  /**
   * The moulds granted to the user directly (not those shared to them), comma-separated, as the
   * form sends them: in `GET /api/yudata/user/{id}/` and the answers of add and edit, not in lists.
   */
  moldIds?: string;
}

/** "1,2,3" (spaces allowed) → [1, 2, 3]; the form's and the spec's moldIds. An empty text is no mould. */
export function parseMoldIds(text: string): number[] | undefined {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (!parts.every((part) => /^[1-9]\d{0,15}$/.test(part))) return undefined;
  return [...new Set(parts.map(Number))];
}

/** At most this many moulds in one form or distribution (a query's parameters are bounded). */
export const MAX_DISTRIBUTED_MOLDS = 20_000;

export const moldIdsRule = z.string().check(
  z.refine((value) => (parseMoldIds(value)?.length ?? 0) <= MAX_DISTRIBUTED_MOLDS, { message: 'textTooLong' }),
  z.refine((value) => parseMoldIds(value) !== undefined, { message: 'moldIdsFormat' }),
);

const roleRule = z
  .number({ message: 'roleRequired' })
  .check(z.int({ message: 'roleRequired' }), z.positive({ message: 'roleRequired' }));
const flag = z.union([z.literal(0), z.literal(1)]);

/**
 * The administrator's user form (spec §3 "User (admin form)", §5): account, password (required on
 * add; on edit an empty or absent one leaves it unchanged), name, mobile, e-mail, role. The web
 * form checks the password as typed; the request carries it base64-encoded, as every password.
 */
export const userFormSchema = z.object({
  username: accountRule,
  password: z.optional(passwordRule),
  name: personNameRule,
  mobile: phoneRule,
  email: emailRule,
  role: roleRule,
  subscribe: z.optional(flag),
  is_staff: z.optional(flag),
  moldIds: z.optional(moldIdsRule),
});
export type UserForm = z.infer<typeof userFormSchema>;

/** Adding a user: the password is required. */
export const userCreateFormSchema = z.extend(userFormSchema, { password: passwordRule });

/** Enabling or disabling a user, alone or with the rest of the form. */
export const userActiveSchema = z.object({ is_active: z.boolean() });

/** Categories of the mould permission tree's nodes. */
export const MOLD_TREE_CATEGORIES = ['company', 'group', 'mold'] as const;
export type MoldTreeCategory = (typeof MOLD_TREE_CATEGORIES)[number];

/**
 * A node of the mould permission tree (`GET /api/yudata/mold_permission/` and the share dialog's
 * `GET /api/yudata/share/mold_tree/`, spec §3 "Tree nodes"). `cateId` is unique across the tree:
 * `c{companyId}`, `g{groupId}`, `m{moldId}`, and `g0` for the node holding moulds without a group.
 * `group` is the group id of a group or mould node (null for companies and ungrouped moulds);
 * `parent` the parent's cateId (null at the top). `disabled`: the caller cannot change this node for
 * the user (a mould shared to the caller, or one the user holds by someone's share); a company or
 * group is disabled when all its moulds are. `checked`: the user (`user_id`) holds the mould; a
 * company or group when all its moulds are checked.
 *
 * A company or group also carries its counts (`MoldTreeCounts`, a count of 0 left out); its `children` may be left out
 * (empty while `mold_count` > 0): a group's moulds come with `parent=g{id}`.
 */
export interface MoldTreeNode extends Partial<MoldTreeCounts> {
  id: number;
  cateId: string;
  category: MoldTreeCategory;
  /** The company's, group's or mould's name ('' for the ungrouped node: the console names it). */
  name: string;
  /** The mould's number ('' for companies and groups). */
  mold_number: string;
  group: number | null;
  parent: string | null;
  disabled: boolean;
  checked: boolean;
  children: MoldTreeNode[];
}

/** What a company or group node holds: its moulds, the checked ones, the disabled ones and the checked among those. */
export interface MoldTreeCounts {
  mold_count: number;
  checked_count: number;
  disabled_count: number;
  disabled_checked_count: number;
}

/**
 * Up to this many moulds the first answer holds every mould (a small organisation's tree opens
 * fully in one call); a larger one answers companies and groups with their counts.
 */
export const MOLD_TREE_WHOLE_UP_TO = 200;

/** A search answers at most this many moulds (`more` says when there were more). */
export const MOLD_TREE_SEARCH_LIMIT = 200;

/** The longest text the tree's search takes. */
export const MOLD_TREE_SEARCH_MAX = 64;

/** A group node's cateId: the tree's `parent` parameter (`g0`: the moulds without a group). */
export const GROUP_CATE_ID = /^g(0|[1-9]\d{0,15})$/;

export const UNGROUPED_CATE_ID = 'g0';

const treeIds = (min: 0 | 1) =>
  z.optional(z.array(z.number().check(z.int(), z.gte(min))).check(z.maxLength(MAX_DISTRIBUTED_MOLDS)));

/** Companies, groups (0: the moulds without a group) and moulds a change of the tree names. */
export const moldTreeTicksSchema = z.object({
  companyIds: treeIds(1),
  groupIds: treeIds(0),
  moldIds: treeIds(1),
});
export type MoldTreeTicks = z.infer<typeof moldTreeTicksSchema>;

/**
 * What the user did to the tree: the nodes checked and the nodes unchecked. A mould follows the
 * most specific node named (the mould, else its group, else its company); moulds no node names
 * keep what they had. Disabled moulds stay as they are. The same shape for distributing moulds
 * to a user and for a share.
 */
export const moldTreeChangeSchema = z.object({
  check: z.optional(moldTreeTicksSchema),
  uncheck: z.optional(moldTreeTicksSchema),
});
export type MoldTreeChange = z.infer<typeof moldTreeChangeSchema>;

/** moldIds as a list or the spec's comma-separated text. */
export const moldIdListRule = z.union([
  moldIdsRule,
  z.array(z.number().check(z.int(), z.positive())).check(z.maxLength(MAX_DISTRIBUTED_MOLDS)),
]);

/** `moldIds` (exactly these) or `change` (a tree's checks and unchecks): one of them is needed. */
export const eitherMoldIdsOrChange = z.refine<{ moldIds?: unknown; change?: unknown }>(
  (body) => body.moldIds !== undefined || body.change !== undefined,
  { message: 'moldIdsOrChange', path: ['moldIds'] },
);

/**
 * Body of `PUT /api/yudata/mold_distribution/{id}/`: `moldIds` (the user's own moulds become
 * exactly these, comma-separated or as a list) or `change` (checks and unchecks of the tree).
 */
export const moldDistributionSchema = z
  .object({ moldIds: z.optional(moldIdListRule), change: z.optional(moldTreeChangeSchema) })
  .check(eitherMoldIdsOrChange);
export type MoldDistribution = z.infer<typeof moldDistributionSchema>;
