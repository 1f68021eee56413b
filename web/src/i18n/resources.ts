import { LANGUAGES, SERVER_MESSAGES, VALIDATION_MESSAGES, type Language } from '@mouldwatch/shared';
import { en, type UiCatalog } from './en';
import { kor } from './kor';
import { por } from './por';
import { zh } from './zh';

/** UI catalogs by language pack key (spec: zh, en, kor, por). */
export const UI_CATALOGS: Record<Language, UiCatalog> = { zh, en, kor, por };

/**
 * i18next resources: the UI catalog as the default namespace, the shared validation texts under
 * `validation` and the shared server messages (numbered keys such as 20287) under `server`.
 */
export const resources = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    {
      translation: UI_CATALOGS[language],
      validation: VALIDATION_MESSAGES[language],
      server: SERVER_MESSAGES[language],
    },
  ]),
) as Record<
  Language,
  {
    translation: UiCatalog;
    validation: (typeof VALIDATION_MESSAGES)['en'];
    server: (typeof SERVER_MESSAGES)['en'];
  }
>;
