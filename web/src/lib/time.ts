import type { Language } from '@mouldwatch/shared';
import { HTML_LANG } from '../i18n';

/** An epoch-seconds instant as date and time in the user's zone and language. */
export function formatDateTime(epochSeconds: number, timeZone: string, language: Language): string {
  try {
    return new Intl.DateTimeFormat(HTML_LANG[language], {
      timeZone: timeZone || undefined,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(epochSeconds * 1000));
  } catch {
    return new Date(epochSeconds * 1000).toISOString();
  }
}
