import { describe, expect, it } from 'vitest';
import { mapForCoordinates } from './geo';

describe('default map from the position', () => {
  it('gives map 1 inside the bounding box of the spec, map 2 outside', () => {
    expect(mapForCoordinates(31.23, 121.47)).toBe(1); // Shanghai
    expect(mapForCoordinates(3.86, 73.66)).toBe(1); // the corners are inside
    expect(mapForCoordinates(53.55, 135.05)).toBe(1);
    expect(mapForCoordinates(3.85, 100)).toBe(2);
    expect(mapForCoordinates(30, 135.06)).toBe(2);
    expect(mapForCoordinates(52.52, 13.4)).toBe(2); // Berlin
    expect(mapForCoordinates(-23.55, -46.63)).toBe(2); // São Paulo
  });
});
