import ptBR from 'antd/es/locale/pt_BR';
import { SERVER_MESSAGES_POR, VALIDATION_MESSAGES_POR } from '@mouldwatch/shared';
import type { LanguagePack } from '../pack';
import { por } from '../por';

export const pack: LanguagePack = {
  translation: por,
  validation: VALIDATION_MESSAGES_POR,
  server: SERVER_MESSAGES_POR,
  antd: ptBR,
};
