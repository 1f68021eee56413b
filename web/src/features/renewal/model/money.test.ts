import { describe, expect, it } from 'vitest';
import { countryName, formatMoney } from './money';

describe('renewal money', () => {
  it('formats minor units by the currency and the language', () => {
    expect(formatMoney(216_000, 'USD', 'en')).toBe('$2,160.00');
    expect(formatMoney(65_000, 'KRW', 'kor')).toBe('₩65,000');
    expect(formatMoney(5, 'CNY', 'zh')).toBe('¥0.05');
    expect(formatMoney(123_456, 'BRL', 'por')).toMatch(/^R\$\s1\.234,56$/);
  });

  it('names countries in the language', () => {
    expect(countryName('CN', 'en')).toBe('China');
    expect(countryName('DE', 'por')).toBe('Alemanha');
    expect(countryName('', 'en')).toBe('—');
  });
});
