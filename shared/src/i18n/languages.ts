/** Language pack keys of the spec. */
export const LANGUAGES = ['zh', 'en', 'kor', 'por'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

/** Codes used by the header language switch and the API's `lang` query. */
export const HEADER_LANGUAGE_CODES: Record<Language, string> = {
  zh: 'zh_CN',
  en: 'en_US',
  kor: 'ko_KR',
  por: 'pt',
};

/** BCP 47 tags of the languages, for the document and Intl formatting (numbers, plurals, dates). */
export const LANGUAGE_TAGS: Record<Language, string> = { zh: 'zh-CN', en: 'en', kor: 'ko', por: 'pt-BR' };

const ALIASES: Record<string, Language> = {
  zh: 'zh',
  zh_cn: 'zh',
  'zh-cn': 'zh',
  en: 'en',
  en_us: 'en',
  'en-us': 'en',
  kor: 'kor',
  ko: 'kor',
  ko_kr: 'kor',
  'ko-kr': 'kor',
  por: 'por',
  pt: 'por',
  pt_br: 'por',
  'pt-br': 'por',
};

/** Reads a language from any code the API or the header accepts; undefined when unknown. */
export function parseLanguage(code: string | null | undefined): Language | undefined {
  if (!code) return undefined;
  return ALIASES[code.trim().toLowerCase()];
}

/** Browser languages the spec honours: zh-CN, en, ko and pt (with any region for en, ko, pt). */
function languageOfBrowserTag(tag: string): Language | undefined {
  const lower = tag.toLowerCase();
  if (lower === 'zh-cn' || lower === 'zh') return 'zh';
  const primary = lower.split('-')[0];
  if (primary === 'en') return 'en';
  if (primary === 'ko') return 'kor';
  if (primary === 'pt') return 'por';
  return undefined;
}

/**
 * The interface language: the stored preference, else the first browser language that is one of
 * zh-CN, en, ko or pt, else English.
 */
export function chooseLanguage(stored: string | null | undefined, browserTags: readonly string[]): Language {
  const preferred = parseLanguage(stored);
  if (preferred) return preferred;
  for (const tag of browserTags) {
    const language = languageOfBrowserTag(tag);
    if (language) return language;
  }
  return FALLBACK_LANGUAGE;
}
