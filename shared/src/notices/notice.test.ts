import { describe, expect, it } from 'vitest';
import { alarmRouteFor, parseNoticeContent } from './notice.js';

describe('notices', () => {
  it('routes each alarm type as the spec says, power nowhere', () => {
    expect([1, 2, 3, 4, 5, 9].map(alarmRouteFor)).toEqual([
      '/alarm/maintenance',
      '/alarm/cycletime',
      '/alarm/temperature',
      '/alarm/network',
      undefined,
      undefined,
    ]);
    expect(alarmRouteFor(6)).toBe('/renewal/renewalAlarm');
  });

  it('parses JSON object content and gives up on anything else', () => {
    expect(parseNoticeContent('{"temp_type":2,"temp_name":"T1","number":"M-1"}')).toEqual({
      temp_type: 2,
      temp_name: 'T1',
      number: 'M-1',
    });
    expect(parseNoticeContent('plain text')).toBeUndefined();
    expect(parseNoticeContent('[1,2]')).toBeUndefined();
    expect(parseNoticeContent('null')).toBeUndefined();
  });
});
