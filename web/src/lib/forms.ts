import type { FormRule } from 'antd';
import i18n, { type TFunction } from 'i18next';
import type { ValidationMessageKey } from '@mouldwatch/shared';

/** What the shared zod schemas offer (kept structural: the web does not depend on zod itself). */
export interface SafeParser {
  safeParse(
    value: unknown,
  ):
    | { success: true }
    | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

/** A shared rule's message is a key of the validation catalog (loaded with the language). */
export function isValidationKey(message: string): message is ValidationMessageKey {
  return i18n.exists(message, { ns: 'validation' });
}

/** The validation message key of the first issue the schema finds for `field` (undefined when valid). */
export function fieldIssue(schema: SafeParser, values: unknown, field: string): ValidationMessageKey | undefined {
  const result = schema.safeParse(values);
  if (result.success) return undefined;
  const issue = result.error.issues.find((candidate) => candidate.path[0] === field);
  if (!issue) return undefined;
  return isValidationKey(issue.message) ? issue.message : 'required';
}

/**
 * An antd form rule that checks `field` with a shared schema over the whole form (so cross-field
 * rules such as "confirm equals new" apply), showing the translated validation message.
 */
export function schemaRule(schema: SafeParser, field: string, t: TFunction): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const key = fieldIssue(schema, getFieldsValue(true), field);
      if (key) throw new Error(t(key, { ns: 'validation' }));
    },
  });
}

/** The ways a field can be left empty. */
const EMPTY_VALUES = [undefined, null, ''] as const;

/**
 * Whether a rule refuses a field left empty, every way (absent, null, ''): the form marks such a
 * field required. `issueWhen(empty)` is the rule's issue for the field holding `empty`.
 */
export const refusesEmpty = (issueWhen: (empty: unknown) => unknown) =>
  EMPTY_VALUES.every((empty) => issueWhen(empty) !== undefined);

/** Whether the shared schema refuses `field` left empty: its form item carries the required mark. */
export const isRequiredBy = (schema: SafeParser, field: string) =>
  refusesEmpty((empty) => fieldIssue(schema, { [field]: empty }, field));

/**
 * A form item's required mark and its rule, both from the shared schema: one rule marks the field
 * and checks it. Spread on the item: `<Form.Item name="name" {...schemaField(schema, 'name', t)}>`.
 */
export function schemaField(schema: SafeParser, field: string, t: TFunction): { required: boolean; rules: FormRule[] } {
  return { required: isRequiredBy(schema, field), rules: [schemaRule(schema, field, t)] };
}
