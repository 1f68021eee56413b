import dayjs from 'dayjs';
import 'dayjs/locale/ko';
import 'dayjs/locale/pt-br';
import 'dayjs/locale/zh-cn';
import type { Language } from '@mouldwatch/shared';
import { currentLanguage, i18n } from './index';

/** dayjs locale names by language pack key. */
const DAYJS_LOCALES: Record<Language, string> = { zh: 'zh-cn', en: 'en', kor: 'ko', por: 'pt-br' };

/**
 * dayjs (the dates of antd's date pickers: week start, week and month names) follows the interface
 * language. Imported by the components with a date picker only, so dayjs stays out of the other
 * screens; its locales are small and come with it.
 */
dayjs.locale(DAYJS_LOCALES[currentLanguage()]);
i18n.on('languageChanged', () => {
  dayjs.locale(DAYJS_LOCALES[currentLanguage()]);
});
