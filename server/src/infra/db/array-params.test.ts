import { describe, expect, it } from 'vitest';
import { floatArrayText, numberArrayText } from './array-params.js';

describe('array parameters as text', () => {
  it('writes numbers as they read back, missing ones as NULL', () => {
    expect(numberArrayText([1, 2.5, null, undefined, -0, -12.25, Number.MAX_SAFE_INTEGER, 1e21])).toBe(
      '{1,2.5,NULL,NULL,0,-12.25,9007199254740991,1e+21}',
    );
    expect(numberArrayText([])).toBe('{}');
  });

  it('writes a reading’s channels as one array, null when there are none', () => {
    expect(floatArrayText([41.5, null, 0.1])).toBe('{41.5,NULL,0.1}');
    expect(floatArrayText(null)).toBeNull();
    expect(floatArrayText(undefined)).toBeNull();
  });
});
