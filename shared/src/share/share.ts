import * as z from 'zod/mini';
import {
  eitherMoldIdsOrChange,
  moldDistributionSchema,
  moldIdListRule,
  moldTreeChangeSchema,
  parseMoldIds,
} from '../users/user-admin.js';
import { trimmedEmailRule } from '../validation/rules.js';

/** A share link stays valid this long after it was made (docs/decisions.md, "Mould sharing"). */
export const SHARE_LINK_DAYS = 7;

/** A list or comma-separated moldIds as distinct numbers ([] when the text is not a list of ids). */
export function shareMoldIds(value: string | readonly number[]): number[] {
  return typeof value === 'string' ? (parseMoldIds(value) ?? []) : [...new Set(value)];
}

/**
 * The share form (spec §3 "Share form", §5): the recipient's e-mail (trimmed), a viewer role of the
 * organisation (used when the share creates the recipient's account) and the moulds: `moldIds`, or
 * `change`, the checks of the mould tree (`moldTreeChangeSchema`); `ids` and `type` of the spec's
 * form are accepted and not needed.
 */
export const shareFormSchema = z
  .object({
    email: trimmedEmailRule,
    role: z
      .number({ message: 'roleRequired' })
      .check(z.int({ message: 'roleRequired' }), z.positive({ message: 'roleRequired' })),
    moldIds: z.optional(moldIdListRule),
    change: z.optional(moldTreeChangeSchema),
  })
  .check(eitherMoldIdsOrChange);
export type ShareForm = z.infer<typeof shareFormSchema>;

/**
 * `PUT /api/yudata/share/mold_distribution/{id}/`: the moulds the caller shares with the recipient
 * become `moldIds`, or change as the tree's `change` says.
 */
export const shareDistributionSchema = moldDistributionSchema;

/** A mould in a share as the lists show it. */
export interface SharedMold {
  id: number;
  name: string;
  mold_number: string;
}

/** `POST /api/yudata/share_user/`'s answer: the share link (`address`) and the recipient. */
export interface ShareCreated {
  address: string;
  id: number;
  email: string;
  /** Moulds newly shared by this call. */
  granted: number[];
  /** Whether the invitation e-mail was queued (false without SMTP_URL). */
  mailed: boolean;
}

/** `GET /api/yudata/share_user_info/?email`: the caller's existing share with that address, else null. */
export interface SharedUserInfo {
  id: number;
  email: string;
  role: { id: number; name: string } | null;
  moldIds: number[];
}

/** A share the caller made (`GET /api/yudata/share/`). */
export interface ShareMade {
  id: number;
  email: string;
  username: string;
  name: string;
  role: { id: number; name: string } | null;
  molds: SharedMold[];
  created_at: string;
  updated_at: string;
}

/** A share the caller received (`GET /api/yudata/share/received/`); `id` is the sharer's user id. */
export interface ShareReceived {
  id: number;
  sharer: string;
  sharer_email: string;
  organisation: string;
  molds: SharedMold[];
  created_at: string;
  updated_at: string;
}

/** What a share link opens (`GET /api/share_link/?token`): whose account, and whether it needs a password set. */
export interface ShareLinkInfo {
  username: string;
  email: string;
  sharer: string;
  needsPassword: boolean;
  expires_at: string;
}
