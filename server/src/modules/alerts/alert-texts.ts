import type { Language, MaintenanceAmountKey } from '@mouldwatch/shared';

/**
 * The words of alert e-mails and SMS, per language (server-only: the console never loads them).
 * `{name}` placeholders are filled by fill().
 */
export interface AlertTexts {
  subject: string;
  digestSubject: string;
  greeting: string;
  intro: string;
  digestIntro: string;
  more: string;
  open: string;
  budget: string;
  daily: string;
  weekly: string;
  unsubscribe: string;
  sms: string;
  level: { alert: string; early: string };
  type: Record<1 | 2 | 3 | 4 | 5, string>;
  escalation: string;
  bound: string;
  offline: string;
  battery: string;
  /** Before alarms carried their unit: the plain count, "-1486 remaining". */
  remaining: string;
  /** A maintenance alarm's value in its unit, `{n}` the count: singular and plural forms. */
  maintenance: Record<MaintenanceAmountKey, { one: string; other: string }>;
}

const en: AlertTexts = {
  subject: 'Mouldwatch: {count} new alarms',
  digestSubject: 'Mouldwatch digest: {count} alarms',
  greeting: 'Hello {name},',
  intro: 'New alarms on moulds you watch:',
  digestIntro: 'Alarms since your last message (held back by your message limit):',
  more: '… and {count} more',
  open: 'Open in the console',
  budget: 'You get at most {count} alert messages {period}; change this in your personal info.',
  daily: 'a day',
  weekly: 'a week',
  unsubscribe: 'Unsubscribe from alert messages',
  sms: 'Mouldwatch: {count} alarms. {first} {link}',
  level: { alert: 'Alert', early: 'Early alert' },
  type: { 1: 'Maintenance', 2: 'Cycle time', 3: 'Temperature', 4: 'Offline', 5: 'Power' },
  escalation: 'still open, sent again',
  bound: 'bound',
  offline: 'Device network disconnected',
  battery: 'Battery at {num}%, please charge it',
  remaining: 'remaining',
  maintenance: {
    remainingCycles: { one: '{n} cycle left', other: '{n} cycles left' },
    remainingDays: { one: '{n} day left', other: '{n} days left' },
    overCycles: { one: '{n} cycle over', other: '{n} cycles over' },
    overDays: { one: '{n} day over', other: '{n} days over' },
  },
};

const zh: AlertTexts = {
  subject: 'Mouldwatch：{count} 条新报警',
  digestSubject: 'Mouldwatch 汇总：{count} 条报警',
  greeting: '{name}，您好：',
  intro: '您关注的模具有新的报警：',
  digestIntro: '自上一条消息以来的报警（因消息次数上限而暂存）：',
  more: '……另有 {count} 条',
  open: '在控制台中查看',
  budget: '您{period}最多收到 {count} 条报警消息；可在个人信息中修改。',
  daily: '每天',
  weekly: '每周',
  unsubscribe: '退订报警消息',
  sms: 'Mouldwatch：{count} 条报警。{first} {link}',
  level: { alert: '报警', early: '预警' },
  type: { 1: '保养', 2: '周期时间', 3: '温度', 4: '离线', 5: '电量' },
  escalation: '仍未处理，再次发送',
  bound: '界限',
  offline: '设备网络断开',
  battery: '电池电量 {num}%，请充电',
  remaining: '剩余',
  maintenance: {
    remainingCycles: { one: '剩余 {n} 模次', other: '剩余 {n} 模次' },
    remainingDays: { one: '剩余 {n} 天', other: '剩余 {n} 天' },
    overCycles: { one: '超出 {n} 模次', other: '超出 {n} 模次' },
    overDays: { one: '超出 {n} 天', other: '超出 {n} 天' },
  },
};

const kor: AlertTexts = {
  subject: 'Mouldwatch: 새 알람 {count}건',
  digestSubject: 'Mouldwatch 요약: 알람 {count}건',
  greeting: '{name}님, 안녕하세요.',
  intro: '관심 있는 금형에 새 알람이 있습니다:',
  digestIntro: '마지막 메시지 이후의 알람 (메시지 한도로 보류됨):',
  more: '… 외 {count}건',
  open: '콘솔에서 열기',
  budget: '알람 메시지는 {period} 최대 {count}건 받습니다. 개인 정보에서 변경할 수 있습니다.',
  daily: '하루에',
  weekly: '일주일에',
  unsubscribe: '알람 메시지 수신 거부',
  sms: 'Mouldwatch: 알람 {count}건. {first} {link}',
  level: { alert: '알람', early: '조기 경보' },
  type: { 1: '유지보수', 2: '사이클 타임', 3: '온도', 4: '오프라인', 5: '전원' },
  escalation: '아직 열려 있어 다시 보냄',
  bound: '한계',
  offline: '장치 네트워크 연결 끊김',
  battery: '배터리 {num}%, 충전하세요',
  remaining: '남음',
  maintenance: {
    remainingCycles: { one: '{n} 사이클 남음', other: '{n} 사이클 남음' },
    remainingDays: { one: '{n}일 남음', other: '{n}일 남음' },
    overCycles: { one: '{n} 사이클 초과', other: '{n} 사이클 초과' },
    overDays: { one: '{n}일 초과', other: '{n}일 초과' },
  },
};

const por: AlertTexts = {
  subject: 'Mouldwatch: {count} novos alarmes',
  digestSubject: 'Resumo Mouldwatch: {count} alarmes',
  greeting: 'Olá, {name},',
  intro: 'Novos alarmes nos moldes que você acompanha:',
  digestIntro: 'Alarmes desde a sua última mensagem (retidos pelo seu limite de mensagens):',
  more: '… e mais {count}',
  open: 'Abrir no console',
  budget: 'Você recebe no máximo {count} mensagens de alerta {period}; altere isso nas suas informações pessoais.',
  daily: 'por dia',
  weekly: 'por semana',
  unsubscribe: 'Cancelar a inscrição nas mensagens de alerta',
  sms: 'Mouldwatch: {count} alarmes. {first} {link}',
  level: { alert: 'Alerta', early: 'Alerta antecipado' },
  type: { 1: 'Manutenção', 2: 'Tempo de ciclo', 3: 'Temperatura', 4: 'Offline', 5: 'Energia' },
  escalation: 'ainda aberto, enviado novamente',
  bound: 'limite',
  offline: 'Rede do dispositivo desconectada',
  battery: 'Bateria em {num}%, carregue-a',
  remaining: 'restantes',
  maintenance: {
    remainingCycles: { one: '{n} ciclo restante', other: '{n} ciclos restantes' },
    remainingDays: { one: '{n} dia restante', other: '{n} dias restantes' },
    overCycles: { one: '{n} ciclo em atraso', other: '{n} ciclos em atraso' },
    overDays: { one: '{n} dia em atraso', other: '{n} dias em atraso' },
  },
};

export const ALERT_TEXTS: Record<Language, AlertTexts> = { en, zh, kor, por };

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}
