import { describe, expect, it } from 'vitest';
import { companyFormSchema, moldGroupFormSchema, tagFormSchema } from './organisation.js';

/** The message keys the form breaks, by field (each field's first), or {} when it passes. */
function problems(schema: typeof companyFormSchema | typeof moldGroupFormSchema | typeof tagFormSchema, form: unknown) {
  const result = schema.safeParse(form);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.toReversed().map((issue) => [issue.path.join('.'), issue.message]));
}

describe('company and mould group names (spec §5)', () => {
  it.each(['Acme', 'Line_7', '注塑车间', 'Fábrica2', '공장1', 'a'.repeat(15)])('accepts %s', (name) => {
    expect(problems(companyFormSchema, { name })).toEqual({});
    expect(problems(moldGroupFormSchema, { name, company_id: 3 })).toEqual({});
  });
  it.each([
    ['', 'required'],
    ['a'.repeat(16), 'nameLength'],
    ['Line A', 'noSpaces'],
    ['Line\tA', 'noSpaces'],
    ['Acme-1', 'noSpecialCharacters'],
    ['Acme.1', 'noSpecialCharacters'],
    ['<b>', 'noSpecialCharacters'],
  ])('refuses %j: %s', (name, key) => {
    expect(problems(companyFormSchema, { name })).toEqual({ name: key });
  });
  it('needs a positive whole company id for a group', () => {
    for (const companyId of [undefined, 0, -1, 1.5, '3']) {
      expect(problems(moldGroupFormSchema, { name: 'ok', company_id: companyId })).toEqual({ company_id: 'required' });
    }
  });
});

describe('tag names', () => {
  it('drops surrounding spaces and keeps inner ones', () => {
    expect(tagFormSchema.parse({ name: '  South Hall  ' })).toEqual({ name: 'South Hall' });
  });
  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['x'.repeat(33), 'tagLength'],
  ])('refuses %j: %s', (name, key) => {
    expect(problems(tagFormSchema, { name })).toEqual({ name: key });
  });
  it('accepts 32 characters after trimming', () => {
    expect(problems(tagFormSchema, { name: ` ${'x'.repeat(32)} ` })).toEqual({});
  });
});
