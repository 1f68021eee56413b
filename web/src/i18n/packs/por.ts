import ptBR from 'antd/es/locale/pt_BR';
import type { LanguagePack } from '../pack';
import { por } from '../por';

export const pack: LanguagePack = { translation: por, antd: ptBR };
