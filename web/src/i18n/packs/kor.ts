import koKR from 'antd/es/locale/ko_KR';
import type { LanguagePack } from '../pack';
import { kor } from '../kor';

export const pack: LanguagePack = { translation: kor, antd: koKR };
