import enUS from 'antd/es/locale/en_US';
import { SERVER_MESSAGES_EN, VALIDATION_MESSAGES_EN } from '@mouldwatch/shared';
import type { LanguagePack } from '../pack';
import { en } from '../en';

export const pack: LanguagePack = {
  translation: en,
  validation: VALIDATION_MESSAGES_EN,
  server: SERVER_MESSAGES_EN,
  antd: enUS,
};
