import { describe, expect, it } from 'vitest';
import {
  canDelete,
  canRecordReject,
  canStart,
  canStop,
  dueToStart,
  editRefusal,
  expectedFinishAt,
  progressPercent,
  quantityTextRule,
  workOrderFormSchema,
  workOrderProgress,
  workOrderRejectSchema,
} from './work-order.js';

const valid = {
  order_no: 'WO-2026/11#(7)_a',
  mold_id: 3,
  machine: 'Engel 250',
  workshop: 'Hall A',
  project_name: 'Cap 28mm',
  start_date: 1_790_000_000,
  quantity: 1000,
};

/** The message keys the form breaks, by field, or {} when it passes. */
function problems(form: unknown) {
  const result = workOrderFormSchema.safeParse(form);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.toReversed().map((issue) => [issue.path.join('.'), issue.message]));
}

describe('work order form (spec §5)', () => {
  it('accepts the required fields and fills the optional ones', () => {
    expect(workOrderFormSchema.parse(valid)).toEqual({
      ...valid,
      starting_quantity: 0,
      revision: '',
      remarks: '',
    });
  });
  it.each(['WO1', 'a_b-c#d/e(f)', 'X'.repeat(32)])('accepts the order id %s', (orderNo) => {
    expect(problems({ ...valid, order_no: orderNo })).toEqual({});
  });
  it.each([
    ['', 'required'],
    ['  ', 'required'],
    ['WO 1', 'orderNoFormat'],
    ['WO.1', 'orderNoFormat'],
    ['工单1', 'orderNoFormat'],
    ['X'.repeat(33), 'orderNoLength'],
  ])('refuses the order id %j: %s', (orderNo, key) => {
    expect(problems({ ...valid, order_no: orderNo })).toEqual({ order_no: key });
  });
  it('needs every required field', () => {
    for (const field of ['order_no', 'mold_id', 'machine', 'workshop', 'project_name', 'start_date', 'quantity']) {
      const form: Record<string, unknown> = { ...valid };
      delete form[field];
      expect(Object.keys(problems(form))).toEqual([field]);
    }
    expect(problems({ ...valid, machine: '   ' })).toEqual({ machine: 'required' });
  });
  it('takes quantities as non-negative whole numbers', () => {
    expect(problems({ ...valid, quantity: 0 })).toEqual({});
    expect(problems({ ...valid, quantity: -1 })).toEqual({ quantity: 'wholeNumber' });
    expect(problems({ ...valid, quantity: 1.5 })).toEqual({ quantity: 'wholeNumber' });
    expect(problems({ ...valid, quantity: '10' })).toEqual({ quantity: 'wholeNumber' });
    expect(problems({ ...valid, quantity: 1_000_000_000 })).toEqual({ quantity: 'tooLarge' });
    expect(problems({ ...valid, starting_quantity: -3 })).toEqual({ starting_quantity: 'wholeNumber' });
  });
  it('checks the typed quantity: digits only, no leading zeros', () => {
    for (const text of ['0', '7', '1000', '999999999']) expect(quantityTextRule.safeParse(text).success).toBe(true);
    for (const text of ['', '007', '01', '-1', '1.0', '1e3', ' 5', '+5', '1000000000']) {
      expect(quantityTextRule.safeParse(text).success).toBe(false);
    }
  });
  it('bounds the texts and refuses a NUL byte', () => {
    expect(problems({ ...valid, remarks: 'x'.repeat(501) })).toEqual({ remarks: 'textTooLong' });
    expect(problems({ ...valid, workshop: 'a\u0000b' })).toEqual({ workshop: 'noNulCharacter' });
  });
  it('takes a reject of at least one part', () => {
    expect(workOrderRejectSchema.parse({ quantity: 3 })).toEqual({ quantity: 3, remark: '' });
    expect(workOrderRejectSchema.safeParse({ quantity: 0 }).success).toBe(false);
    expect(workOrderRejectSchema.safeParse({ quantity: 2.5 }).success).toBe(false);
  });
});

describe('work order lifecycle (spec §4)', () => {
  it('refuses edits while working and after finishing, with the spec messages', () => {
    expect(editRefusal('working')).toBe('orderEditWorking');
    expect(editRefusal('finish')).toBe('orderEditCompleted');
    expect(editRefusal('created')).toBeNull();
    expect(editRefusal('stop')).toBeNull();
  });
  it('starts only created orders and stops only working ones', () => {
    expect(['created', 'working', 'finish', 'stop'].filter((s) => canStart(s as never))).toEqual(['created']);
    expect(['created', 'working', 'finish', 'stop'].filter((s) => canStop(s as never))).toEqual(['working']);
  });
  it('takes rejects once started, and deletes anything but a working order', () => {
    expect(['created', 'working', 'finish', 'stop'].filter((s) => canRecordReject(s as never))).toEqual([
      'working',
      'finish',
      'stop',
    ]);
    expect(['created', 'working', 'finish', 'stop'].filter((s) => canDelete(s as never))).toEqual([
      'created',
      'finish',
      'stop',
    ]);
  });
  it('starts a created order at its start date', () => {
    const start = new Date('2026-11-24T08:00:00Z');
    expect(dueToStart('created', start, new Date('2026-11-24T07:59:59Z'))).toBe(false);
    expect(dueToStart('created', start, start)).toBe(true);
    expect(dueToStart('stop', start, new Date('2026-11-25T00:00:00Z'))).toBe(false);
  });
});

describe('work order progress', () => {
  const base = { quantity: 100, startingQuantity: 10, startCounter: 500, counter: 520, cavitation: 4 };
  it('counts parts since the start times cavitation, plus the starting quantity', () => {
    expect(workOrderProgress(base)).toEqual({ finished: 90, remaining: 10, reached: false });
  });
  it('reaches the quantity, and never answers a negative remainder', () => {
    expect(workOrderProgress({ ...base, counter: 523 })).toEqual({ finished: 102, remaining: 0, reached: true });
  });
  it('counts nothing for a counter that went back, or before the first reading', () => {
    expect(workOrderProgress({ ...base, counter: 400 }).finished).toBe(10);
    expect(workOrderProgress({ ...base, startCounter: null }).finished).toBe(10);
    expect(workOrderProgress({ ...base, cavitation: null }).finished).toBe(30);
  });
  it('is reached at once for a quantity of 0', () => {
    expect(workOrderProgress({ ...base, quantity: 0, startingQuantity: 0, counter: 500 }).reached).toBe(true);
  });
  it('expects the finish from the remaining cycles at the current cycle time', () => {
    const now = new Date('2026-11-24T08:00:00Z');
    // 10 parts, 4 per cycle → 3 cycles of 20 s.
    expect(expectedFinishAt(now, 10, 4, 20)).toBe(now.getTime() / 1000 + 60);
    expect(expectedFinishAt(now, 0, 4, 20)).toBeNull();
    expect(expectedFinishAt(now, 10, 4, null)).toBeNull();
    expect(expectedFinishAt(now, 10, 4, 0)).toBeNull();
  });
  it('answers a bounded percentage', () => {
    expect(progressPercent(50, 200)).toBe(25);
    expect(progressPercent(300, 200)).toBe(100);
    expect(progressPercent(0, 0)).toBe(100);
    expect(progressPercent(1, 3)).toBe(33.3);
  });
});
