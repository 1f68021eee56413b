import { FALLBACK_LANGUAGE, type Language } from '../i18n/languages.js';

/** The history spreadsheet's titles (spec §3 displayed fields), in the four languages. */
const en = {
  sheet: 'Maintenance history',
  taskName: 'Task name',
  taskType: 'Type',
  moldNumber: 'Mould no.',
  moldName: 'Mould name',
  content: 'Content',
  remarks: 'Remarks',
  lastMaintenance: 'Last maintenance date',
  used: 'Used',
  counter: 'Counter',
  confirmer: 'Confirmer',
  confirmedTime: 'Confirmed time',
  alarmTime: 'Alarm time',
  pm: 'PM',
  regular: 'Regular maintenance',
  cycles: 'cycles',
  days: 'days',
};
type MaintenanceLabels = typeof en;

const zh: MaintenanceLabels = {
  sheet: '保养记录',
  taskName: '任务名称',
  taskType: '类型',
  moldNumber: '模具编号',
  moldName: '模具名称',
  content: '内容',
  remarks: '备注',
  lastMaintenance: '上次保养日期',
  used: '已使用',
  counter: '计数',
  confirmer: '确认人',
  confirmedTime: '确认时间',
  alarmTime: '报警时间',
  pm: '预防性保养',
  regular: '定期保养',
  cycles: '模次',
  days: '天',
};

const kor: MaintenanceLabels = {
  sheet: '유지보수 이력',
  taskName: '작업 이름',
  taskType: '유형',
  moldNumber: '금형 번호',
  moldName: '금형 이름',
  content: '내용',
  remarks: '비고',
  lastMaintenance: '마지막 유지보수 날짜',
  used: '사용량',
  counter: '카운터',
  confirmer: '확인자',
  confirmedTime: '확인 시간',
  alarmTime: '알람 시간',
  pm: '예방 정비',
  regular: '정기 유지보수',
  cycles: '사이클',
  days: '일',
};

const por: MaintenanceLabels = {
  sheet: 'Histórico de manutenção',
  taskName: 'Nome da tarefa',
  taskType: 'Tipo',
  moldNumber: 'N.º do molde',
  moldName: 'Nome do molde',
  content: 'Conteúdo',
  remarks: 'Observações',
  lastMaintenance: 'Data da última manutenção',
  used: 'Usado',
  counter: 'Contador',
  confirmer: 'Confirmado por',
  confirmedTime: 'Hora da confirmação',
  alarmTime: 'Hora do alarme',
  pm: 'Manutenção preventiva',
  regular: 'Manutenção periódica',
  cycles: 'ciclos',
  days: 'dias',
};

const LABELS: Record<Language, MaintenanceLabels> = { en, zh, kor, por };

export function maintenanceLabel(language: Language | undefined, key: keyof MaintenanceLabels): string {
  return (LABELS[language ?? FALLBACK_LANGUAGE] ?? LABELS[FALLBACK_LANGUAGE])[key];
}
