import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../test/fixtures';
import { PERSISTED_SESSION_KEYS, createSessionStore } from './session';

describe('session store', () => {
  it('persists exactly the spec keys', () => {
    expect([...PERSISTED_SESSION_KEYS].sort()).toEqual(
      ['curMap', 'fullscreenFlag', 'homeSelectMold', 'homeSelectMoldId', 'jkType', 'timeZone', 'unit'].sort(),
    );
    const storage = memoryStorage();
    const store = createSessionStore(storage, () => 0);
    const state = store.getState();
    state.setUnit('F');
    state.setJkType('K');
    state.setTimeZone('Asia/Kolkata', 5.5);
    state.setCurMap(1);
    state.setHomeSelectMold({ id: 7, name: 'M-7' }, 7);
    state.setNoticeNum(4);
    state.setRenewFlag(true);
    state.setMenu([]);
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index)).sort();
    expect(keys).toEqual(['curMap', 'homeSelectMold', 'homeSelectMoldId', 'jkType', 'timeZone', 'unit']);
    expect(storage.getItem('unit')).toBe('F');
    expect(storage.getItem('timeZone')).toBe('Asia/Kolkata');
  });

  it('restores persisted values and ignores malformed ones', () => {
    const store = createSessionStore(
      memoryStorage({ unit: 'F', jkType: 'X', timeZone: 'Asia/Kolkata', homeSelectMold: '{broken', curMap: '1' }),
      (zone) => (zone === 'Asia/Kolkata' ? 5.5 : 0),
    );
    const state = store.getState();
    expect(state.unit).toBe('F');
    expect(state.jkType).toBe('J');
    expect(state.utcOffset).toBe(5.5);
    expect(state.homeSelectMold).toBeNull();
    expect(state.curMap).toBe(1);
  });

  it('resets unit to C, type to J and forgets the selected mould on logout', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage, () => 0);
    store.getState().setUnit('F');
    store.getState().setJkType('K');
    store.getState().setHomeSelectMold({ id: 3 }, 3);
    store.getState().resetOnLogout();
    expect(store.getState()).toMatchObject({ unit: 'C', jkType: 'J', homeSelectMold: null, menu: null });
    expect(storage.getItem('unit')).toBe('C');
    expect(storage.getItem('homeSelectMold')).toBeNull();
  });

  it('counts a pushed notice once, also when the ping that counted it came first', () => {
    const store = createSessionStore(memoryStorage(), () => 0);
    store.getState().countNotices(2, 41);
    store.getState().noticeArrived(41);
    expect(store.getState().noticeNum).toBe(2);
    store.getState().noticeArrived(42);
    store.getState().noticeArrived(43);
    expect(store.getState().noticeNum).toBe(4);
    store.getState().countNotices(4, 43);
    store.getState().noticeArrived(43);
    expect(store.getState().noticeNum).toBe(4);
    store.getState().resetOnLogout();
    store.getState().noticeArrived(1);
    expect(store.getState().noticeNum).toBe(1);
  });
});
