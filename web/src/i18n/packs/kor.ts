import koKR from 'antd/es/locale/ko_KR';
import { SERVER_MESSAGES_KOR, VALIDATION_MESSAGES_KOR } from '@mouldwatch/shared';
import type { LanguagePack } from '../pack';
import { kor } from '../kor';

export const pack: LanguagePack = {
  translation: kor,
  validation: VALIDATION_MESSAGES_KOR,
  server: SERVER_MESSAGES_KOR,
  antd: koKR,
};
