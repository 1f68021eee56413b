import { describe, expect, it } from 'vitest';
import type { DataRange, Language } from '@mouldwatch/shared';
import { timeTicks } from './timeAxis';

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (t: number) => new Date(t * 1000).toISOString().replace('.000', '');
/** Each tick as its UTC time and label. */
function labelled(
  from: string,
  to: string,
  zone: string,
  maxTicks: number,
  { range = 'realtime', language = 'en' }: { range?: DataRange; language?: Language } = {},
) {
  const { ticks, label } = timeTicks(at(from), at(to), { range, zone, language }, maxTicks);
  return ticks.map((t) => `${iso(t)} ${label(t)}`);
}

describe('time axis ticks', () => {
  it('fall on whole minutes of the zone and show its clock', () => {
    expect(labelled('2026-06-01T10:00:05Z', '2026-06-01T10:30:00Z', 'Asia/Kolkata', 6)).toEqual([
      '2026-06-01T10:05:00Z 15:35',
      '2026-06-01T10:10:00Z 15:40',
      '2026-06-01T10:15:00Z 15:45',
      '2026-06-01T10:20:00Z 15:50',
      '2026-06-01T10:25:00Z 15:55',
      '2026-06-01T10:30:00Z 16:00',
    ]);
  });

  it('put hours on the zone’s whole hours, and the date at its midnight', () => {
    expect(labelled('2026-06-01T14:00:00Z', '2026-06-02T02:00:00Z', 'Asia/Kolkata', 3)).toEqual([
      '2026-06-01T18:30:00Z Jun 2',
      '2026-06-02T00:30:00Z 06:00',
    ]);
  });

  it('keep whole hours across a daylight-saving change', () => {
    const ticks = labelled('2026-03-29T00:00:00Z', '2026-03-29T12:00:00Z', 'Europe/London', 3);
    expect(ticks).toEqual(['2026-03-29T00:00:00Z Mar 29', '2026-03-29T05:00:00Z 06:00', '2026-03-29T11:00:00Z 12:00']);
  });

  it('mark weeks by their Monday and months by their first day', () => {
    expect(labelled('2026-06-01T00:00:00Z', '2026-06-30T00:00:00Z', 'America/New_York', 5)).toEqual([
      '2026-06-01T04:00:00Z Jun 1',
      '2026-06-08T04:00:00Z Jun 8',
      '2026-06-15T04:00:00Z Jun 15',
      '2026-06-22T04:00:00Z Jun 22',
      '2026-06-29T04:00:00Z Jun 29',
    ]);
    expect(labelled('2026-01-15T00:00:00Z', '2026-12-15T00:00:00Z', 'UTC', 4)).toEqual([
      '2026-04-01T00:00:00Z Apr 2026',
      '2026-07-01T00:00:00Z Jul 2026',
      '2026-10-01T00:00:00Z Oct 2026',
    ]);
  });

  it('are no finer than the points of a history range', () => {
    const week = ['2026-06-01T00:00:00Z', '2026-06-29T00:00:00Z', 'UTC', 60] as const;
    expect(labelled(...week, { range: 'week' })).toHaveLength(5);
    expect(labelled(...week, { range: 'day' })).toHaveLength(29);
    expect(labelled(...week)).toHaveLength(57);
  });

  it('label in the interface language', () => {
    const [day] = labelled('2026-06-01T00:00:00Z', '2026-06-03T00:00:00Z', 'UTC', 2, { language: 'kor' });
    expect(day).toBe('2026-06-01T00:00:00Z 6월 1일');
    const [month] = labelled('2026-01-01T00:00:00Z', '2026-12-31T00:00:00Z', 'UTC', 3, { language: 'por' });
    expect(month).toBe('2026-01-01T00:00:00Z jan. de 2026');
  });
});
