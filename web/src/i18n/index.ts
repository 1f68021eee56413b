import dayjs from 'dayjs';
import 'dayjs/locale/ko';
import 'dayjs/locale/pt-br';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  HEADER_LANGUAGE_CODES,
  chooseLanguage,
  parseLanguage,
  type Language,
  type ServerMessageKey,
} from '@mouldwatch/shared';
import { readBrowserLanguages, readStoredLanguage, storeLanguage } from './preference';
import { resources } from './resources';

export { LANGUAGE_STORAGE_KEY, readBrowserLanguages, readStoredLanguage } from './preference';

/** dayjs locale names by language pack key. */
export const DAYJS_LOCALES: Record<Language, string> = { zh: 'zh-cn', en: 'en', kor: 'ko', por: 'pt-br' };
/** BCP 47 tags for the document and Intl formatting. */
export const HTML_LANG: Record<Language, string> = { zh: 'zh-CN', en: 'en', kor: 'ko', por: 'pt-BR' };

function applyLanguage(language: Language): void {
  dayjs.locale(DAYJS_LOCALES[language]);
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[language];
}

const initial = chooseLanguage(readStoredLanguage(), readBrowserLanguages());

void i18n.use(initReactI18next).init({
  resources,
  lng: initial,
  fallbackLng: 'en',
  supportedLngs: ['zh', 'en', 'kor', 'por'],
  ns: ['translation', 'validation', 'server'],
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  initAsync: false,
});
applyLanguage(initial);

/** The interface language now in use. */
export function currentLanguage(): Language {
  return parseLanguage(i18n.language) ?? 'en';
}

/** The code the header switch and the API's `lang` query use (zh_CN, en_US, ko_KR, pt). */
export function currentLanguageCode(): string {
  return HEADER_LANGUAGE_CODES[currentLanguage()];
}

/** Switches the interface language and remembers it as the stored preference. */
export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  applyLanguage(language);
  await i18n.changeLanguage(language);
}

export { i18n };

/** A server message (numbered spec keys such as 20287, or named ones) in the interface language. */
export function serverText(key: ServerMessageKey): string {
  return i18n.t(key, { ns: 'server' });
}
