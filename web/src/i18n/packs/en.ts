import enUS from 'antd/es/locale/en_US';
import type { LanguagePack } from '../pack';
import { en } from '../en';

export const pack: LanguagePack = { translation: en, antd: enUS };
