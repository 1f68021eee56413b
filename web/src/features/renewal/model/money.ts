import { minorDigits, type Language } from '@mouldwatch/shared';

const LOCALES: Record<Language, string> = { en: 'en-US', zh: 'zh-CN', kor: 'ko-KR', por: 'pt-BR' };

/** An amount in minor units of its currency, as the user's language writes money ("CN¥2,160.00"). */
export function formatMoney(minor: number, currency: string, language: Language): string {
  const digits = minorDigits(currency);
  const value = minor / 10 ** digits;
  try {
    return new Intl.NumberFormat(LOCALES[language], {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(value);
  } catch {
    return `${value.toFixed(digits)} ${currency}`;
  }
}

/** A country code in the user's language ("CN" → "China", "中国"). */
export function countryName(code: string, language: Language): string {
  if (!code) return '—';
  try {
    return new Intl.DisplayNames([LOCALES[language]], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
