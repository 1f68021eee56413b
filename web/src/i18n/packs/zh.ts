import zhCN from 'antd/es/locale/zh_CN';
import type { LanguagePack } from '../pack';
import { zh } from '../zh';

export const pack: LanguagePack = { translation: zh, antd: zhCN };
