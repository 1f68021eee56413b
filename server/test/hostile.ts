/** Text no field should choke on: a NUL character, 10,000 characters, emoji with CJK, Hangul and accents. */
export const HOSTILE_TEXT = {
  nul: 'ab\u0000cd',
  long: 'x'.repeat(10_000),
  cjk: '模具🔧한국어ção',
} as const;

/** Paging a list must refuse with 400 (missing paging takes the defaults): negative, zero, not a whole number, too large. */
export const BAD_PAGING = [
  'page=-1',
  'limit=-5',
  'page=0',
  'limit=0',
  'page=abc',
  'limit=ten',
  'page=1.5',
  'limit=1e12',
  'page=1e400',
  'page=99999999999999999999',
  'page=NaN',
  'limit=Infinity',
] as const;

/** Whether a refused request may say 414: a path parameter longer than the router takes is URI Too Long. */
export const mayBeTooLong = (kind: keyof typeof HOSTILE_TEXT, url: string) => kind === 'long' && !url.includes('?');
