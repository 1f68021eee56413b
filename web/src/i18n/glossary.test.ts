import { describe, expect, it } from 'vitest';
import {
  EXPORT_LABELS,
  GLOSSARY,
  GLOSSARY_TERMS,
  LANGUAGES,
  MENU_ITEMS,
  MenuId,
  SERVER_MESSAGES,
  VALIDATION_MESSAGES,
  type GlossaryTerm,
  type Language,
} from '@mouldwatch/shared';
import { en } from './en';
import { kor } from './kor';
import { por } from './por';
import { zh } from './zh';

const UI_CATALOGS = { zh, en, kor, por };

/** The menu's names of a language, keyed by the menu item's name in the code. */
const menuNames = (language: Language) =>
  Object.fromEntries(
    Object.entries(MenuId).map(([key, id]) => [key, MENU_ITEMS.find((item) => item.id === id)!.names[language]]),
  );

/** Every catalog of a language, each text by its dotted path. */
function catalogTexts(language: Language): Array<[path: string, text: string]> {
  const leaves = (node: object, prefix: string): Array<[string, string]> =>
    Object.entries(node).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value as object, `${prefix}${key}.`),
    );
  return [
    ...leaves(UI_CATALOGS[language], 'ui.'),
    ...leaves(SERVER_MESSAGES[language], 'server.'),
    ...leaves(VALIDATION_MESSAGES[language], 'validation.'),
    ...leaves(EXPORT_LABELS[language], 'export.'),
    ...leaves(menuNames(language), 'menu.'),
  ];
}

/**
 * Texts whose key is a term's id but which the spec words otherwise: its fixed labels and
 * messages win over the glossary.
 */
const SPEC_WORDING: ReadonlySet<string> = new Set([
  // §2: the alarm pages' section is labelled "Alert".
  'menu.alarm',
  // §8: "Device network disconnected".
  'ui.notices.offline',
  // §1 and §2: alarm type 4, listed under the alarms' "Network" page.
  'ui.notices.types.offline',
]);

/** Chinese runs words together; the other languages set a term off from the words around it. */
const SPACED: Readonly<Record<Language, boolean>> = { zh: false, en: true, kor: true, por: true };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text names the term: the term's word in it (a word of its own, where words are spaced), any case. */
function namesTerm(text: string, word: string, spaced: boolean): boolean {
  const pattern = spaced ? `(?<!\\p{L})${escape(word)}(?!\\p{L})` : escape(word);
  return new RegExp(pattern, 'iu').test(text);
}

/** The texts that name a term (their key is its id) without the glossary's word, as "path: text (≠ word)". */
function misnamed(language: Language): string[] {
  const glossary = GLOSSARY[language];
  const isTerm = (key: string): key is GlossaryTerm => (GLOSSARY_TERMS as readonly string[]).includes(key);
  return catalogTexts(language).flatMap(([path, text]) => {
    const key = path.split('.').at(-1)!;
    if (!isTerm(key) || SPEC_WORDING.has(path)) return [];
    return namesTerm(text, glossary[key], SPACED[language]) ? [] : [`${path}: ${text} (≠ ${glossary[key]})`];
  });
}

describe('glossary', () => {
  it.each(LANGUAGES)(
    '%s has a word for every term, each a different word but alert and alarm in Chinese',
    (language) => {
      const words = GLOSSARY_TERMS.map((term) => GLOSSARY[language][term]);
      expect(words.every((word) => word.trim() !== '')).toBe(true);
      const distinct = new Set(words.map((word) => word.toLowerCase()));
      // Chinese has one word, 报警, for an alarm and what raises one.
      expect(distinct.size).toBe(GLOSSARY_TERMS.length - (language === 'zh' ? 1 : 0));
    },
  );

  it.each(LANGUAGES)('%s names each state and term by the glossary’s word in every catalog', (language) => {
    expect(misnamed(language)).toEqual([]);
  });

  it('catches a state named otherwise', () => {
    expect(namesTerm('Produzindo (%)', GLOSSARY.por.run, true)).toBe(false);
    expect(namesTerm('Running', GLOSSARY.en.run, true)).toBe(false);
    expect(namesTerm('Em produção (%)', GLOSSARY.por.run, true)).toBe(true);
    expect(namesTerm('空闲 / 待机', GLOSSARY.zh.stby, false)).toBe(true);
  });
});
