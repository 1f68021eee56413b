import zhCN from 'antd/es/locale/zh_CN';
import { SERVER_MESSAGES_ZH, VALIDATION_MESSAGES_ZH } from '@mouldwatch/shared';
import type { LanguagePack } from '../pack';
import { zh } from '../zh';

export const pack: LanguagePack = {
  translation: zh,
  validation: VALIDATION_MESSAGES_ZH,
  server: SERVER_MESSAGES_ZH,
  antd: zhCN,
};
