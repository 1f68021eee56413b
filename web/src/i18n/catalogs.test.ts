import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@mouldwatch/shared';
import { en, type UiCatalog } from './en';
import { kor } from './kor';
import { por } from './por';
import { zh } from './zh';

const UI_CATALOGS: Record<Language, UiCatalog> = { zh, en, kor, por };

/** Every leaf key of a catalog, as dotted paths. */
function leafKeys(catalog: object, prefix = ''): string[] {
  return Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value as object, `${prefix}${key}.`),
  );
}

function leafValues(catalog: object): string[] {
  return Object.values(catalog).flatMap((value) => (typeof value === 'string' ? [value] : leafValues(value as object)));
}

const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((match) => match[1]).sort();

describe('UI catalogs', () => {
  const reference = leafKeys(UI_CATALOGS.en).sort();

  it.each(LANGUAGES)('%s has exactly the keys of the English catalog', (language) => {
    expect(leafKeys(UI_CATALOGS[language]).sort()).toEqual(reference);
  });

  it.each(LANGUAGES)('%s has no empty text', (language) => {
    expect(leafValues(UI_CATALOGS[language]).filter((text) => text.trim() === '')).toEqual([]);
  });

  it.each(LANGUAGES)('%s keeps the placeholders of each English text', (language) => {
    const lookup = (catalog: object, key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalog) as string;
    for (const key of reference) {
      expect(placeholders(lookup(UI_CATALOGS[language], key)), key).toEqual(placeholders(lookup(UI_CATALOGS.en, key)));
    }
  });
});
