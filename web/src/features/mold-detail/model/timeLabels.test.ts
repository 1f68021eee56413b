import { describe, expect, it } from 'vitest';
import { timeLabel } from './timeLabels';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('time labels', () => {
  it('show the time in the user’s zone, half-hour offsets included', () => {
    expect(timeLabel(at('2026-06-01T10:00:05Z'), 'realtime', 'Asia/Kolkata')).toBe('2026-06-01 15:30:05');
  });

  it('are as precise as the range', () => {
    const instant = at('2026-06-01T18:30:00Z');
    expect(timeLabel(instant, 'hour', 'Asia/Kolkata')).toBe('2026-06-02 00:00');
    expect(timeLabel(instant, 'day', 'Asia/Kolkata')).toBe('2026-06-02');
    expect(timeLabel(instant, 'week', 'Asia/Kolkata')).toBe('2026-06-02');
    expect(timeLabel(instant, 'month', 'America/New_York')).toBe('2026-06');
  });
});
