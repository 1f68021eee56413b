import type { Locale } from 'antd/es/locale';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  HEADER_LANGUAGE_CODES,
  LANGUAGES,
  chooseLanguage,
  parseLanguage,
  type Language,
  LANGUAGE_TAGS,
  type ServerMessageKey,
} from '@mouldwatch/shared';
import { loadRegisteredCatalogs } from './featureCatalogs';
import { LANGUAGE_PACKS } from './pack';
import { readBrowserLanguages, readStoredLanguage, storeLanguage } from './preference';

export { LANGUAGE_STORAGE_KEY, readBrowserLanguages, readStoredLanguage } from './preference';

/** BCP 47 tags for the document and Intl formatting. */
export const HTML_LANG: Record<Language, string> = LANGUAGE_TAGS;

/** antd's texts of each language loaded so far. */
const antdLocales = new Map<Language, Locale>();

/**
 * Loads a language into i18next: the UI catalog as the default namespace, the shared validation
 * texts under `validation` and the shared server messages (numbered keys such as 20287) under `server`.
 */
async function loadLanguage(language: Language): Promise<void> {
  if (antdLocales.has(language)) return;
  const pack = await LANGUAGE_PACKS[language]();
  i18n.addResourceBundle(language, 'translation', pack.translation);
  i18n.addResourceBundle(language, 'validation', pack.validation);
  i18n.addResourceBundle(language, 'server', pack.server);
  antdLocales.set(language, pack.antd);
}

function applyLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[language];
}

/** Starts i18next in the stored or browser language, once that language has loaded; render after it. */
export async function initI18n(): Promise<void> {
  const initial = chooseLanguage(readStoredLanguage(), readBrowserLanguages());
  await i18n.use(initReactI18next).init({
    resources: {},
    lng: initial,
    // Every catalog has every key (catalogs.test.ts), and only the chosen language is loaded.
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    ns: ['translation', 'validation', 'server'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
  });
  await loadLanguage(initial);
  applyLanguage(initial);
}

/** The interface language now in use. */
export function currentLanguage(): Language {
  return parseLanguage(i18n.language) ?? 'en';
}

/** The code the header switch and the API's `lang` query use (zh_CN, en_US, ko_KR, pt). */
export function currentLanguageCode(): string {
  return HEADER_LANGUAGE_CODES[currentLanguage()];
}

/** antd's texts of a loaded language. */
export function antdLocale(language: Language): Locale | undefined {
  return antdLocales.get(language);
}

/**
 * Switches the interface language and remembers it as the stored preference. The language loads
 * first, with the catalogs of the feature screens opened so far, so the screen changes in one step
 * (never showing keys).
 */
export async function changeLanguage(language: Language): Promise<void> {
  await Promise.all([loadLanguage(language), loadRegisteredCatalogs(language)]);
  storeLanguage(language);
  applyLanguage(language);
  await i18n.changeLanguage(language);
}

export { i18n };

/** A server message (numbered spec keys such as 20287, or named ones) in the interface language. */
export function serverText(key: ServerMessageKey): string {
  return i18n.t(key, { ns: 'server' });
}
