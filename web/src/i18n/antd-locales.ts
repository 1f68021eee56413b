import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import koKR from 'antd/es/locale/ko_KR';
import ptBR from 'antd/es/locale/pt_BR';
import zhCN from 'antd/es/locale/zh_CN';
import type { Language } from '@mouldwatch/shared';

/** antd component texts by language pack key: zh_CN, en_US, ko_KR, pt_BR. */
export const ANTD_LOCALES: Record<Language, Locale> = { zh: zhCN, en: enUS, kor: koKR, por: ptBR };
