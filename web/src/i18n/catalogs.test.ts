import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@mouldwatch/shared';
import { en, type UiCatalog } from './en';
import { kor } from './kor';
import { por } from './por';
import { zh } from './zh';

const UI_CATALOGS: Record<Language, UiCatalog> = { zh, en, kor, por };

/** Every feature catalog (featureCatalogs.ts): `<dir>/i18n/<language>.ts`, by its directory. */
const featureModules = import.meta.glob<Record<string, object>>(['../**/i18n/*.ts', '!../i18n/**'], { eager: true });
const FEATURE_CATALOGS = new Map<string, Partial<Record<Language, object>>>();
for (const [path, module] of Object.entries(featureModules)) {
  const [, directory, language] = /^(.*)\/i18n\/(\w+)\.ts$/.exec(path) ?? [];
  const known = LANGUAGES.find((candidate) => candidate === language);
  if (!directory || !known) continue;
  const catalogs = FEATURE_CATALOGS.get(directory) ?? {};
  catalogs[known] = module[known];
  FEATURE_CATALOGS.set(directory, catalogs);
}

/** Every leaf key of a catalog, as dotted paths. */
function leafKeys(catalog: object, prefix = ''): string[] {
  return Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value as object, `${prefix}${key}.`),
  );
}

function leafValues(catalog: object): string[] {
  return Object.values(catalog).flatMap((value) => (typeof value === 'string' ? [value] : leafValues(value as object)));
}

const lookup = (catalog: object, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalog) as string;

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
    for (const key of reference) {
      expect(placeholders(lookup(UI_CATALOGS[language], key)), key).toEqual(placeholders(lookup(UI_CATALOGS.en, key)));
    }
  });
});

describe('feature catalogs', () => {
  it('are found (the admin list screens have one)', () => {
    expect([...FEATURE_CATALOGS.keys()]).toContain('../components/admin');
  });

  describe.each([...FEATURE_CATALOGS.entries()])('%s', (_directory, catalogs) => {
    const english = catalogs.en;
    it('has an English catalog, exported as `en`', () => expect(english).toBeDefined());
    const reference = english ? leafKeys(english).sort() : [];

    it.each(LANGUAGES)('%s has exactly the English keys, none empty, the same placeholders', (language) => {
      const catalog = catalogs[language];
      expect(catalog, `${language}.ts exporting \`${language}\``).toBeDefined();
      if (!catalog || !english) return;
      expect(leafKeys(catalog).sort()).toEqual(reference);
      expect(leafValues(catalog).filter((text) => text.trim() === '')).toEqual([]);
      for (const key of reference)
        expect(placeholders(lookup(catalog, key)), key).toEqual(placeholders(lookup(english, key)));
    });
  });
});

/** Every English text of the console, by its catalog and dotted key. */
const englishTexts = () => [
  ...leafKeys(en).map((key) => ({ catalog: 'ui', key, text: lookup(en, key) })),
  ...[...FEATURE_CATALOGS.entries()].flatMap(([directory, catalogs]) =>
    catalogs.en
      ? leafKeys(catalogs.en).map((key) => ({ catalog: directory, key, text: lookup(catalogs.en!, key) }))
      : [],
  ),
];

describe('counted nouns', () => {
  it('go through plural forms: no "1 days", no "mould(s)"', () => {
    const countedNoun = /{{count}}\s+[a-z]+s\b|[a-z]\(s\)/i;
    const unpaired = englishTexts().filter(({ key, text }) => countedNoun.test(text) && !key.endsWith('_other'));
    expect(unpaired).toEqual([]);
  });

  it.each(LANGUAGES)('%s has the one and other forms of every counted text', async (language) => {
    const plurals = englishTexts().filter(({ key }) => key.endsWith('_other'));
    expect(plurals.length).toBeGreaterThan(5);
    for (const { catalog, key } of plurals) {
      const texts = catalog === 'ui' ? UI_CATALOGS[language] : FEATURE_CATALOGS.get(catalog)?.[language];
      const one = key.replace(/_other$/, '_one');
      expect(texts && typeof lookup(texts, one), `${catalog} ${one}`).toBe('string');
    }
  });

  it('say "1 day", "2 days" in English and Portuguese', async () => {
    const { createInstance } = await import('i18next');
    const renewal = FEATURE_CATALOGS.get('../features/renewal')!;
    const map = FEATURE_CATALOGS.get('../features/map')!;
    const say = async (language: 'en' | 'por', locale: string) => {
      const instance = createInstance();
      await instance.init({
        lng: locale,
        resources: { [locale]: { renewal: renewal[language]!, map: map[language]! } },
      });
      // The console's typed keys do not cover a bare instance's namespaces.
      const translate = instance.t as unknown as (key: string, options: { count: number }) => string;
      return (key: string, count: number) => translate(key, { count });
    };
    const english = await say('en', 'en');
    expect(english('renewal:overview.daysLeft', 1)).toBe('1 day');
    expect(english('renewal:overview.daysLeft', 2)).toBe('2 days');
    expect(english('renewal:overview.expiredAgo', 1)).toBe('Expired 1 day ago');
    expect(english('map:pointCount', 1)).toBe('1 point');
    const portuguese = await say('por', 'pt-BR');
    expect(portuguese('renewal:overview.daysLeft', 1)).toBe('1 dia');
    expect(portuguese('renewal:overview.daysLeft', 5)).toBe('5 dias');
  });
});
