import type { Language } from './languages.js';

/**
 * The domain's terms, one word per language for each. Every catalog — the console's (web/src/i18n),
 * the server's messages, the spreadsheet labels and the menu's names — names these things by
 * these words; web/src/i18n/glossary.test.ts holds each catalog text whose key is a term's id to
 * it. Where the spec fixes a label (the menu's "Alert", its §8 messages) the spec wins; the test
 * lists those.
 */
export const GLOSSARY_TERMS = [
  // The mould states (spec §4), in the state tags, tiles, time-state bars and spreadsheets.
  'run',
  'stby',
  'idle',
  'alarm',
  'stop',
  'off',
  // The connection labels (spec §4).
  'online',
  'offline',
  'mould',
  'hotRunner',
  'cycleTime',
  // The mould's shot counter (its reading), and the shots (cycles) of a period.
  'counter',
  'shots',
  'energy',
  'maintenance',
  'workOrder',
  // What the bell lists: the notice of an alarm.
  'notice',
  // A threshold that raises an alarm (alert temperature, early alert); the alert messages by SMS and e-mail.
  'alert',
  'thermocouple',
] as const;
export type GlossaryTerm = (typeof GLOSSARY_TERMS)[number];
export type Glossary = Readonly<Record<GlossaryTerm, string>>;

const en: Glossary = {
  run: 'Run',
  stby: 'Standby',
  idle: 'Idle',
  alarm: 'Alarm',
  stop: 'Stop',
  off: 'Off',
  online: 'Online',
  offline: 'Offline',
  mould: 'Mould',
  hotRunner: 'Hot runner',
  cycleTime: 'Cycle time',
  counter: 'Counter',
  shots: 'Shots',
  energy: 'Energy',
  maintenance: 'Maintenance',
  workOrder: 'Work order',
  notice: 'Notification',
  alert: 'Alert',
  thermocouple: 'Thermocouple',
};

const zh: Glossary = {
  run: '运行',
  stby: '待机',
  idle: '空闲',
  alarm: '报警',
  stop: '停机',
  off: '关机',
  online: '在线',
  offline: '离线',
  mould: '模具',
  hotRunner: '热流道',
  cycleTime: '成型周期',
  counter: '计数器',
  shots: '模次',
  energy: '能耗',
  maintenance: '保养',
  workOrder: '工单',
  notice: '通知',
  alert: '报警',
  thermocouple: '热电偶',
};

const kor: Glossary = {
  run: '가동',
  stby: '대기',
  idle: '유휴',
  alarm: '알람',
  stop: '정지',
  off: '꺼짐',
  online: '온라인',
  offline: '오프라인',
  mould: '금형',
  hotRunner: '핫러너',
  cycleTime: '사이클 타임',
  counter: '카운터',
  shots: '샷 수',
  energy: '에너지',
  maintenance: '유지보수',
  workOrder: '작업 지시',
  notice: '알림',
  alert: '경보',
  thermocouple: '열전대',
};

const por: Glossary = {
  run: 'Em produção',
  stby: 'Em espera',
  idle: 'Ocioso',
  alarm: 'Alarme',
  stop: 'Parado',
  off: 'Desligado',
  online: 'Online',
  offline: 'Offline',
  mould: 'Molde',
  hotRunner: 'Câmara quente',
  cycleTime: 'Tempo de ciclo',
  counter: 'Contador',
  shots: 'Injeções',
  energy: 'Energia',
  maintenance: 'Manutenção',
  workOrder: 'Ordem de serviço',
  notice: 'Notificação',
  alert: 'Alerta',
  thermocouple: 'Termopar',
};

export const GLOSSARY: Readonly<Record<Language, Glossary>> = { en, zh, kor, por };
