import {
  LANGUAGE_TAGS,
  alarmRouteFor,
  displayTemperature,
  maintenanceAmount,
  temperatureUnitLabel,
  wallClockAt,
  type AlertPeriod,
  type Language,
  type TemperatureUnit,
} from '@mouldwatch/shared';
import { ALERT_TEXTS, fill, type AlertTexts } from './alert-texts.js';
import type { NoticeRow } from './alerts.repository.js';

/** Whom a message is for, and how they read values and times. */
export interface Recipient {
  name: string;
  language: Language;
  zone: string;
  unit: TemperatureUnit;
  frequency: number;
  period: AlertPeriod;
}

export interface ComposedAlert {
  subject: string;
  text: string;
  html: string;
  sms: string;
}

export interface AlertLinks {
  /** PUBLIC_URL without a trailing slash. */
  base: string;
  /** The public unsubscribe page with its `lang` and `api`. */
  unsubscribePage: string;
}

/** The notice content the alarm engine writes (contracts: number, temp_type, temp_name, power, value, bound, level …). */
interface AlarmContent {
  temp_type?: number;
  temp_name?: string;
  power?: number;
  value?: number | null;
  bound?: number | null;
  level?: string;
  /** A maintenance alarm's unit (cycles or days); missing in notices written before alarms had one. */
  unit?: string | null;
  escalation?: number | boolean;
}

function contentOf(row: NoticeRow): AlarmContent {
  try {
    const parsed: unknown = JSON.parse(row.content);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as AlarmContent) : {};
  } catch {
    return {};
  }
}

const pad = (value: number) => String(value).padStart(2, '0');

/** `2026-11-24 08:05` on the recipient's wall clock. */
export function localTime(at: Date, zone: string): string {
  const wall = wallClockAt(Math.floor(at.getTime() / 1000), zone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)} ${pad(wall.hour)}:${pad(wall.minute)}`;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * A maintenance alarm's value as the schedule says it, in the recipient's language: "1,486 cycles
 * over", "3 days left"; null without a unit (notices written before alarms carried one).
 */
function maintenanceDetail(content: AlarmContent, texts: AlertTexts, language: Language): string | null {
  if (!isNumber(content.value) || (content.unit !== 'cycles' && content.unit !== 'days')) return null;
  const { key, count } = maintenanceAmount(content.value, content.unit);
  const tag = LANGUAGE_TAGS[language];
  const forms = texts.maintenance[key];
  return fill(new Intl.PluralRules(tag).select(count) === 'one' ? forms.one : forms.other, {
    n: new Intl.NumberFormat(tag).format(count),
  });
}

/** What happened, in the recipient's unit: "T1 182.5 °C (bound 180.0 °C), Alert"; "Mould clean 1,486 cycles over Alert". */
function detailOf(row: NoticeRow, content: AlarmContent, texts: AlertTexts, recipient: Recipient): string {
  const unit = recipient.unit;
  const { value, bound } = content;
  const level = content.level === 'early' ? texts.level.early : content.level === 'alert' ? texts.level.alert : '';
  const measured = (format: (n: number) => string) =>
    [
      content.temp_name ?? '',
      isNumber(value) ? format(value) : '',
      isNumber(bound) ? `(${texts.bound} ${format(bound)})` : '',
      level,
    ]
      .filter(Boolean)
      .join(' ');
  switch (row.alarm_type) {
    case 3: {
      const label = temperatureUnitLabel(unit);
      return measured((n) => `${(displayTemperature(n, unit) ?? n).toFixed(1)} ${label}`);
    }
    case 2:
      return measured((n) => `${Number(n.toFixed(2))} s`);
    case 1: {
      const amount = maintenanceDetail(content, texts, recipient.language);
      if (amount === null) return measured((n) => `${n} ${texts.remaining}`);
      return [content.temp_name ?? '', amount, level].filter(Boolean).join(' ');
    }
    case 4:
      return texts.offline;
    case 5:
      return fill(texts.battery, { num: isNumber(value) ? value : (content.power ?? '') });
    default:
      return measured(String);
  }
}

/** Where a notice leads in the console; power alarms are on the network page. */
export function alarmLink(base: string, row: NoticeRow): string {
  const route = alarmRouteFor(row.alarm_type) ?? '/alarm/network';
  return `${base}${route}?unique_str=${encodeURIComponent(row.unique_str)}`;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

interface Line {
  when: string;
  type: string;
  mould: string;
  detail: string;
  link: string;
}

/**
 * One message for a batch of notices (newest first, at most LISTED_NOTICES listed, `total` in all):
 * e-mail subject, plain text and HTML, and the SMS text, in the recipient's language, zone and unit.
 */
export function composeAlert(
  recipient: Recipient,
  notices: readonly NoticeRow[],
  total: number,
  digest: boolean,
  links: AlertLinks,
): ComposedAlert {
  const texts = ALERT_TEXTS[recipient.language];
  const lines: Line[] = notices.map((row) => {
    const content = contentOf(row);
    const escalated = content.escalation === true || (isNumber(content.escalation) && content.escalation > 0);
    const detail = detailOf(row, content, texts, recipient);
    return {
      when: localTime(row.created_at, recipient.zone),
      type: texts.type[row.alarm_type as keyof AlertTexts['type']] ?? String(row.alarm_type),
      mould: [row.mold_number, row.mold_name].filter(Boolean).join(' '),
      detail: escalated ? `${detail} (${texts.escalation})` : detail,
      link: alarmLink(links.base, row),
    };
  });
  const more = total - lines.length;
  const subject = fill(digest ? texts.digestSubject : texts.subject, { count: total });
  const intro = digest ? texts.digestIntro : texts.intro;
  const budget = fill(texts.budget, {
    count: recipient.frequency,
    period: recipient.period === 'weekly' ? texts.weekly : texts.daily,
  });
  const greeting = fill(texts.greeting, { name: recipient.name });
  const consoleLink = lines[0]?.link ?? `${links.base}/`;

  const text = [
    greeting,
    '',
    intro,
    '',
    ...lines.map((line) => `- ${line.when}  ${line.type}  ${line.mould}  ${line.detail}\n  ${line.link}`),
    ...(more > 0 ? [fill(texts.more, { count: more })] : []),
    '',
    `${texts.open}: ${consoleLink}`,
    '',
    budget,
    `${texts.unsubscribe}: ${links.unsubscribePage}`,
  ].join('\n');

  const cell = 'padding:4px 8px;border-bottom:1px solid #eee;vertical-align:top';
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#222">',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    '<table style="border-collapse:collapse">',
    ...lines.map(
      (line) =>
        `<tr><td style="${cell};white-space:nowrap">${escapeHtml(line.when)}</td>` +
        `<td style="${cell}">${escapeHtml(line.type)}</td>` +
        `<td style="${cell}"><a href="${escapeHtml(line.link)}">${escapeHtml(line.mould || '—')}</a></td>` +
        `<td style="${cell}">${escapeHtml(line.detail)}</td></tr>`,
    ),
    '</table>',
    ...(more > 0 ? [`<p>${escapeHtml(fill(texts.more, { count: more }))}</p>`] : []),
    `<p><a href="${escapeHtml(consoleLink)}">${escapeHtml(texts.open)}</a></p>`,
    `<p style="color:#888;font-size:12px">${escapeHtml(budget)}<br>`,
    `<a href="${escapeHtml(links.unsubscribePage)}">${escapeHtml(texts.unsubscribe)}</a></p>`,
    '</body></html>',
  ].join('\n');

  const first = lines[0] ? `${lines[0].type} ${lines[0].mould} ${lines[0].detail}.` : '';
  const sms = `${fill(texts.sms, { count: total, first, link: consoleLink })}\n${texts.unsubscribe}: ${links.unsubscribePage}`;
  return { subject, text, html, sms };
}
