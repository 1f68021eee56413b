import * as z from 'zod/mini';
import type { ValidationMessageKey } from '../i18n/validation-messages.js';
import { entityNameRule } from '../validation/rules.js';

const message = (key: ValidationMessageKey) => ({ message: key });

/** `POST` / `PUT /api/yudata/mold_company/`: a company of the organisation. */
export const companyFormSchema = z.object({ name: entityNameRule });
export type CompanyForm = z.infer<typeof companyFormSchema>;

/** `POST` / `PUT /api/yudata/mold_group/`: a mould group and the company it belongs to. */
export const moldGroupFormSchema = z.object({
  name: entityNameRule,
  company_id: z.int(message('required')).check(z.positive(message('required'))),
});
export type MoldGroupForm = z.infer<typeof moldGroupFormSchema>;

/** Tags are the values offered in the mould form's country (`country`) and workshop (`factory`) fields. */
export const TAG_KINDS = ['country', 'factory'] as const;
export type TagKind = (typeof TAG_KINDS)[number];
export const TAG_MAX_LENGTH = 32;

/** A tag's name: surrounding spaces dropped, then 1 to 32 characters. */
export const tagNameRule = z.pipe(
  z.string(message('required')).check(z.trim()),
  z.string().check(z.minLength(1, message('required')), z.maxLength(TAG_MAX_LENGTH, message('tagLength'))),
);
export const tagFormSchema = z.object({ name: tagNameRule });
export type TagForm = z.infer<typeof tagFormSchema>;

/** Something of the organisation picked by name: a company, a group or a tag. */
export interface NamedRecord {
  id: number;
  name: string;
}

/** A row of the company screen; `created_at` in epoch seconds. */
export interface CompanyRecord extends NamedRecord {
  group_count: number;
  mold_count: number;
  created_at: number;
}

/** A row of the mould group screen; `created_at` in epoch seconds. */
export interface MoldGroupRecord extends NamedRecord {
  company: NamedRecord;
  mold_count: number;
  created_at: number;
}

/** What deleting a mould group took with it. */
export interface MoldGroupRemoval {
  id: number;
  deleted_molds: number;
}
