import type { Locale } from 'antd/es/locale';
import type { Language, SERVER_MESSAGES_EN, VALIDATION_MESSAGES_EN } from '@mouldwatch/shared';
import type { UiCatalog } from './en';

/**
 * What one interface language brings: its UI catalog, the shared validation and server messages in
 * it, and antd's texts (dayjs's locales come with the date pickers: dayjs.ts).
 */
export interface LanguagePack {
  translation: UiCatalog;
  validation: Record<keyof typeof VALIDATION_MESSAGES_EN, string>;
  server: Record<keyof typeof SERVER_MESSAGES_EN, string>;
  antd: Locale;
}

/** Each language loads in a chunk of its own, only when it is chosen (at start or on a switch). */
export const LANGUAGE_PACKS: Record<Language, () => Promise<LanguagePack>> = {
  zh: () => import('./packs/zh').then((module) => module.pack),
  en: () => import('./packs/en').then((module) => module.pack),
  kor: () => import('./packs/kor').then((module) => module.pack),
  por: () => import('./packs/por').then((module) => module.pack),
};
