import { describe, expect, it } from 'vitest';
import { formatDateTime } from './time';

describe('formatDateTime', () => {
  const instant = Date.UTC(2026, 2, 29, 0, 30) / 1000;

  it('shows the instant in the chosen zone, half hours included', () => {
    expect(formatDateTime(instant, 'Asia/Kolkata', 'en')).toBe('03/29/2026, 06:00');
    expect(formatDateTime(instant, 'UTC', 'en')).toBe('03/29/2026, 00:30');
  });

  it('follows daylight saving and the language', () => {
    expect(formatDateTime(instant, 'Europe/Berlin', 'en')).toBe('03/29/2026, 01:30');
    expect(formatDateTime(instant + 3600, 'Europe/Berlin', 'en')).toBe('03/29/2026, 03:30');
    expect(formatDateTime(instant, 'Asia/Shanghai', 'zh')).toBe('2026/03/29 08:30');
  });
});
