import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { workOrderFormSchema } from '@mouldwatch/shared';
import { fromEpoch, toBody, toEpoch } from './formValues';

describe('work order form values', () => {
  it("reads the picker's wall clock in the user's zone, across a daylight-saving change", () => {
    // 08:00 in Kolkata (UTC+5:30) is 02:30 UTC.
    expect(toEpoch(dayjs(new Date(2026, 10, 24, 8, 0)), 'Asia/Kolkata')).toBe(Date.UTC(2026, 10, 24, 2, 30) / 1000);
    // Berlin: 01:00 on 29 March 2026 is winter time (UTC+1), 04:00 summer time (UTC+2).
    expect(toEpoch(dayjs(new Date(2026, 2, 29, 1, 0)), 'Europe/Berlin')).toBe(Date.UTC(2026, 2, 29, 0, 0) / 1000);
    expect(toEpoch(dayjs(new Date(2026, 2, 29, 4, 0)), 'Europe/Berlin')).toBe(Date.UTC(2026, 2, 29, 2, 0) / 1000);
    const back = fromEpoch(Date.UTC(2026, 10, 24, 2, 30) / 1000, 'Asia/Kolkata');
    expect([back.hour(), back.minute()]).toEqual([8, 0]);
  });

  it('turns typed quantities into numbers only when they are digits, so the schema judges the rest', () => {
    const values = {
      order_no: 'WO-1',
      mold_id: 3,
      machine: 'M',
      workshop: 'W',
      project_name: 'P',
      start_date: dayjs(new Date(2026, 10, 24, 8, 0)),
      quantity: '120',
      starting_quantity: '',
      revision: '',
      remarks: '',
    };
    expect(workOrderFormSchema.parse(toBody(values, 'UTC'))).toMatchObject({ quantity: 120, starting_quantity: 0 });
    expect(workOrderFormSchema.safeParse(toBody({ ...values, quantity: '1.5' }, 'UTC')).success).toBe(false);
    expect(workOrderFormSchema.safeParse(toBody({ ...values, start_date: null }, 'UTC')).success).toBe(false);
  });
});
