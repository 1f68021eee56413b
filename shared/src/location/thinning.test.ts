import { describe, expect, it } from 'vitest';
import { historyThresholdM, isHistoryPoint, MIN_HISTORY_MOVE_M, type LocationFix } from './thinning.js';

const gps = (lat: number, lng: number): LocationFix => ({ lat, lng, source: 'gps', accuracy_m: null });
// 0.0001° of latitude ≈ 11.1 m
const M = 0.0001 / 11.1;

describe('history thinning', () => {
  it('takes the first fix', () => {
    expect(isHistoryPoint(null, gps(1, 1))).toBe(true);
  });

  it('drops GPS noise around a standing mould', () => {
    expect(isHistoryPoint(gps(31, 121), gps(31 + 10 * M, 121))).toBe(false);
    expect(isHistoryPoint(gps(31, 121), gps(31 + 24 * M, 121))).toBe(false);
  });

  it('takes a real move', () => {
    expect(isHistoryPoint(gps(31, 121), gps(31 + 40 * M, 121))).toBe(true);
  });

  it('takes a change of source even without a move', () => {
    expect(isHistoryPoint(gps(31, 121), { lat: 31, lng: 121, source: 'wifi', accuracy_m: 30 })).toBe(true);
  });

  it('asks more of inaccurate fixes', () => {
    const wifi = (lat: number): LocationFix => ({ lat, lng: 121, source: 'wifi', accuracy_m: 60 });
    expect(historyThresholdM(wifi(31), wifi(31))).toBe(120);
    expect(isHistoryPoint(wifi(31), wifi(31 + 100 * M))).toBe(false);
    expect(isHistoryPoint(wifi(31), wifi(31 + 130 * M))).toBe(true);
    expect(historyThresholdM(gps(0, 0), gps(0, 0))).toBe(MIN_HISTORY_MOVE_M);
  });
});
