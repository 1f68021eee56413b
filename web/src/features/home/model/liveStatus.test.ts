import { describe, expect, it } from 'vitest';
import type { MoldLiveStatus } from '@mouldwatch/shared';
import type { HomeMould } from '../api/getMoulds';
import { applyStatuses, isMoldLiveStatus } from './liveStatus';

const applyStatus = (moulds: HomeMould[], ...statuses: MoldLiveStatus[]) =>
  applyStatuses(moulds, new Map(statuses.map((status) => [status.id, status])));

const mould = (id: number, extra: Partial<HomeMould> = {}): HomeMould => ({
  id,
  name: `Mould ${id}`,
  mold_number: `M-${id}`,
  group: null,
  device_no: null,
  state: 'run',
  online: true,
  last_connect_time: 1000,
  counter: 500,
  last_cycle_time: 30,
  mold_temp: [60, null],
  hrs_temp: null,
  group_id: null,
  company_id: null,
  company: null,
  customer: '',
  country: '',
  mold_image: '',
  favourite: false,
  sort: null,
  target_cycle_time: 30,
  cycles_until_pm: 100,
  ...extra,
});

const status = (id: number, extra: Partial<MoldLiveStatus> = {}): MoldLiveStatus => ({
  id,
  state: 'idle',
  online: true,
  last_connect_time: 2000,
  counter: 530,
  last_cycle_time: 31.5,
  mold_temp: [61, null],
  hrs_temp: [220],
  ...extra,
});

describe('a live list update', () => {
  it('replaces the status of its mould, counting cycles until PM down with the counter', () => {
    const list = [mould(1), mould(2), mould(3)];
    const updated = applyStatus(list, status(2));
    expect(updated).not.toBe(list);
    expect(updated[0]).toBe(list[0]);
    expect(updated[2]).toBe(list[2]);
    expect(updated[1]).toEqual({
      ...list[1],
      state: 'idle',
      last_connect_time: 2000,
      counter: 530,
      last_cycle_time: 31.5,
      mold_temp: [61, null],
      hrs_temp: [220],
      cycles_until_pm: 70,
    });
  });

  it('keeps the marks and the order of the list', () => {
    const list = [mould(1, { favourite: true, sort: 4 })];
    expect(applyStatus(list, status(1, { state: 'off', online: false }))[0]).toMatchObject({
      favourite: true,
      sort: 4,
      state: 'off',
      online: false,
    });
  });

  it('leaves cycles until PM alone without both counters', () => {
    expect(applyStatus([mould(1, { counter: null })], status(1))[0]?.cycles_until_pm).toBe(100);
    expect(applyStatus([mould(1)], status(1, { counter: null }))[0]?.cycles_until_pm).toBe(100);
  });

  it('applies many at once, the latest of each mould', () => {
    const list = [mould(1), mould(2), mould(3)];
    const updated = applyStatus(list, status(3, { state: 'stop' }), status(1, { state: 'off', online: false }));
    expect(updated.map((item) => item.state)).toEqual(['off', 'run', 'stop']);
    expect(updated[1]).toBe(list[1]);
  });

  it('answers the same list for a mould that is not in it', () => {
    const list = [mould(1)];
    expect(applyStatus(list, status(9))).toBe(list);
  });

  it('takes only data shaped like a status', () => {
    expect(isMoldLiveStatus(status(1))).toBe(true);
    expect(isMoldLiveStatus({ id: '1', state: 'run', online: true })).toBe(false);
    expect(isMoldLiveStatus({ id: 1, state: 'dancing', online: true })).toBe(false);
    expect(isMoldLiveStatus(null)).toBe(false);
  });
});
