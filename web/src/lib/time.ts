import type { Language } from '@mouldwatch/shared';
import { HTML_LANG } from '../i18n';

/** Making a formatter costs far more than formatting: lists of thousands of rows reuse one per zone and language. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string, language: Language): Intl.DateTimeFormat {
  const key = `${language} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(HTML_LANG[language], {
      timeZone: timeZone || undefined,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** An epoch-seconds instant as date and time in the user's zone and language. */
export function formatDateTime(epochSeconds: number, timeZone: string, language: Language): string {
  try {
    return formatterOf(timeZone, language).format(new Date(epochSeconds * 1000));
  } catch {
    return new Date(epochSeconds * 1000).toISOString();
  }
}
