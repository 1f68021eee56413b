import { FALLBACK_LANGUAGE, type Language } from './languages.js';

/** Column and sheet titles of the mould data spreadsheets; `{n}` is a channel number. */
const en = {
  time: 'Time',
  moldTemperature: 'Mould temperature {n}',
  hotRunnerTemperature: 'Hot runner {n}',
  counter: 'Counter',
  shots: 'Shots',
  cycleTime: 'Cycle time (s)',
  openTime: 'Open time (s)',
  closeTime: 'Close time (s)',
  energy: 'Energy (kW·h)',
  run: 'Run (%)',
  idle: 'Idle (%)',
  alarm: 'Alarm (%)',
  stop: 'Stop (%)',
  off: 'Off (%)',
  sheetMoldStatus: 'Mould status',
  sheetMoldTemperature: 'Mould temperature',
  sheetHotRunnerTemperature: 'Hot runner',
  sheetMoldCycleCounter: 'Cycle counter',
  sheetMoldCycleTimer: 'Cycle time',
  sheetEnergyList: 'Energy',
  // map
  latitude: 'Latitude',
  longitude: 'Longitude',
  locationSource: 'Source',
  accuracy: 'Accuracy (m)',
  gpsBattery: 'GPS battery (%)',
  sourceGps: 'GPS',
  sourceWifi: 'WiFi',
  sourceManual: 'Manual',
  sheetLocationHistory: 'Location History',
};
type ExportLabels = typeof en;

const zh: ExportLabels = {
  time: '时间',
  moldTemperature: '模温 {n}',
  hotRunnerTemperature: '热流道 {n}',
  counter: '计数器',
  shots: '模次',
  cycleTime: '成型周期 (秒)',
  openTime: '开模时间 (秒)',
  closeTime: '合模时间 (秒)',
  energy: '能耗 (kW·h)',
  run: '运行 (%)',
  idle: '空闲 (%)',
  alarm: '报警 (%)',
  stop: '停机 (%)',
  off: '关机 (%)',
  sheetMoldStatus: '模具状态',
  sheetMoldTemperature: '模温',
  sheetHotRunnerTemperature: '热流道',
  sheetMoldCycleCounter: '计数器',
  sheetMoldCycleTimer: '周期',
  sheetEnergyList: '能耗',
  // map
  latitude: '纬度',
  longitude: '经度',
  locationSource: '来源',
  accuracy: '精度 (米)',
  gpsBattery: 'GPS 电量 (%)',
  sourceGps: 'GPS',
  sourceWifi: 'WiFi',
  sourceManual: '手动',
  sheetLocationHistory: '位置历史',
};

const kor: ExportLabels = {
  time: '시간',
  moldTemperature: '금형 온도 {n}',
  hotRunnerTemperature: '핫러너 {n}',
  counter: '카운터',
  shots: '샷 수',
  cycleTime: '사이클 타임 (초)',
  openTime: '열림 시간 (초)',
  closeTime: '닫힘 시간 (초)',
  energy: '에너지 (kW·h)',
  run: '가동 (%)',
  idle: '유휴 (%)',
  alarm: '알람 (%)',
  stop: '정지 (%)',
  off: '꺼짐 (%)',
  sheetMoldStatus: '금형 상태',
  sheetMoldTemperature: '금형 온도',
  sheetHotRunnerTemperature: '핫러너',
  sheetMoldCycleCounter: '사이클 카운터',
  sheetMoldCycleTimer: '사이클 타임',
  sheetEnergyList: '에너지',
  // map
  latitude: '위도',
  longitude: '경도',
  locationSource: '출처',
  accuracy: '정확도 (m)',
  gpsBattery: 'GPS 배터리 (%)',
  sourceGps: 'GPS',
  sourceWifi: 'WiFi',
  sourceManual: '수동',
  sheetLocationHistory: '위치 기록',
};

const por: ExportLabels = {
  time: 'Hora',
  moldTemperature: 'Temperatura do molde {n}',
  hotRunnerTemperature: 'Câmara quente {n}',
  counter: 'Contador',
  shots: 'Injeções',
  cycleTime: 'Tempo de ciclo (s)',
  openTime: 'Tempo de abertura (s)',
  closeTime: 'Tempo de fechamento (s)',
  energy: 'Energia (kW·h)',
  run: 'Em produção (%)',
  idle: 'Ocioso (%)',
  alarm: 'Alarme (%)',
  stop: 'Parado (%)',
  off: 'Desligado (%)',
  sheetMoldStatus: 'Estado do molde',
  sheetMoldTemperature: 'Temperatura do molde',
  sheetHotRunnerTemperature: 'Câmara quente',
  sheetMoldCycleCounter: 'Contador de ciclos',
  sheetMoldCycleTimer: 'Tempo de ciclo',
  sheetEnergyList: 'Energia',
  // map
  latitude: 'Latitude',
  longitude: 'Longitude',
  locationSource: 'Origem',
  accuracy: 'Precisão (m)',
  gpsBattery: 'Bateria do GPS (%)',
  sourceGps: 'GPS',
  sourceWifi: 'WiFi',
  sourceManual: 'Manual',
  sheetLocationHistory: 'Histórico de localização',
};

export type ExportLabelKey = keyof ExportLabels;
export const EXPORT_LABELS: Readonly<Record<Language, ExportLabels>> = { en, zh, kor, por };

/** A spreadsheet label in a language (English when the language has none), `{n}` filled in. */
export function exportLabel(language: Language, key: ExportLabelKey, n?: number): string {
  const text = EXPORT_LABELS[language]?.[key] ?? EXPORT_LABELS[FALLBACK_LANGUAGE][key];
  return n === undefined ? text : text.replace('{n}', String(n));
}
