import type { Language } from '@mouldwatch/shared';

/** The reminder's e-mail in the recipient's language (the notice carries only data; the console words it). */
const TEXTS: Record<
  Language,
  { subject: (days: number) => string; intro: (days: number) => string; line: string; action: string }
> = {
  en: {
    subject: (days) => `Mouldwatch: device subscriptions expire in ${days} days`,
    intro: (days) => `The subscriptions of these devices expire within ${days} days:`,
    line: '{mold} expires on {date}',
    action:
      'Renew them under Renewal → Renewal Alert, then remit the fees by bank transfer. Activation follows within 3 working days of the confirmation.',
  },
  zh: {
    subject: (days) => `Mouldwatch：设备订阅将在 ${days} 天内到期`,
    intro: (days) => `以下设备的订阅将在 ${days} 天内到期：`,
    line: '{mold} 于 {date} 到期',
    action: '请在“续费 → 续费提醒”中续费，并通过银行汇款支付费用。确认后 3 个工作日内激活。',
  },
  kor: {
    subject: (days) => `Mouldwatch: 장치 구독이 ${days}일 이내에 만료됩니다`,
    intro: (days) => `다음 장치의 구독이 ${days}일 이내에 만료됩니다:`,
    line: '{mold} 만료일 {date}',
    action: '갱신 → 갱신 알림에서 갱신한 뒤 은행 송금으로 요금을 납부하세요. 확인 후 영업일 3일 이내에 활성화됩니다.',
  },
  por: {
    subject: (days) => `Mouldwatch: assinaturas de dispositivos expiram em ${days} dias`,
    intro: (days) => `As assinaturas destes dispositivos expiram em até ${days} dias:`,
    line: '{mold} expira em {date}',
    action:
      'Renove-as em Renovação → Alerta de renovação e pague por transferência bancária. A ativação ocorre em até 3 dias úteis após a confirmação.',
  },
};

export interface ReminderMailLine {
  mold: string;
  /** Epoch seconds. */
  expiresAt: number;
}

/** Subject and text of one reminder mail: the recipient's moulds reaching the stage, dates in their zone. */
export function reminderMail(
  language: Language,
  zone: string,
  stage: number,
  lines: readonly ReminderMailLine[],
  link: string | undefined,
): { subject: string; text: string } {
  const texts = TEXTS[language];
  const date = (seconds: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(seconds * 1000),
    );
  const body = [
    texts.intro(stage),
    '',
    ...lines.map((line) => `- ${texts.line.replace('{mold}', line.mold).replace('{date}', date(line.expiresAt))}`),
    '',
    texts.action,
    ...(link ? ['', link] : []),
  ];
  return { subject: texts.subject(stage), text: body.join('\n') };
}
