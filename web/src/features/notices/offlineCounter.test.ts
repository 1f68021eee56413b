import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../test/fixtures';
import { OFFLINE_POPUPS_PER_DAY, countOfflinePopup } from './offlineCounter';

describe('offline popup counter', () => {
  it('shows at most 6 popups per mould in 24 hours, then starts again', () => {
    const storage = memoryStorage();
    const start = Date.UTC(2026, 10, 22);
    const shown = Array.from({ length: 8 }, (_, index) => countOfflinePopup(storage, 'M-1', start + index * 60_000));
    expect(shown.map((result) => result.show)).toEqual([true, true, true, true, true, true, false, false]);
    expect(shown[5]?.count).toBe(OFFLINE_POPUPS_PER_DAY);
    expect(countOfflinePopup(storage, 'M-2', start).show).toBe(true);
    expect(countOfflinePopup(storage, 'M-1', start + 24 * 3600_000 + 1)).toEqual({ show: true, count: 1 });
  });

  it('keeps the spec entry shape {count, expire} under the alarm dictionary', () => {
    const storage = memoryStorage();
    countOfflinePopup(storage, 'M-9', 1000);
    expect(JSON.parse(storage.getItem('alarmDictionary') ?? '')).toEqual({
      'M-9': { count: 1, expire: 1000 + 86_400_000 },
    });
  });

  it('survives a damaged entry', () => {
    const storage = memoryStorage();
    storage.setItem('alarmDictionary', '{not json');
    expect(countOfflinePopup(storage, 'M-1', 0).show).toBe(true);
  });
});
