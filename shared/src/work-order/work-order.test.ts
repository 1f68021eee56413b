import { describe, expect, it } from 'vitest';
import {
  canDelete,
  canRecordReject,
  canStart,
  canStop,
  dueToStart,
  editRefusal,
  FINISH_PACE_WINDOW_S,
  expectedFinishAt,
  finishPaceWindowStart,
  smoothedCycleTime,
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
  it('answers a bounded percentage', () => {
    expect(progressPercent(50, 200)).toBe(25);
    expect(progressPercent(300, 200)).toBe(100);
    expect(progressPercent(0, 0)).toBe(100);
    expect(progressPercent(1, 3)).toBe(33.3);
  });
});

describe('the expected finish of a working order', () => {
  const now = new Date('2026-11-24T08:00:00Z');
  const at = now.getTime() / 1000;
  const hours = (h: number) => h * 3600;
  /** A mould at 30 s a cycle, 2 parts a cycle, for the whole 4-hour window: 480 cycles. */
  const steady = {
    now,
    remaining: 9600,
    cavitation: 2,
    windowCycles: 480,
    windowSeconds: hours(4),
    priorCycleTime: 30,
  };

  it('runs the remaining cycles at the steady pace', () => {
    // 9600 parts ÷ 2 = 4800 cycles × 30 s.
    expect(expectedFinishAt(steady)).toBe(at + 4800 * 30);
    expect(smoothedCycleTime(480, hours(4), 30)).toBe(30);
  });

  it('moves by at most a few percent when the mould idles briefly', () => {
    const finishIn = (input: typeof steady) => expectedFinishAt(input)! - at;
    const before = finishIn(steady);
    // 20 s idle: the window slides on, one cycle fewer in it.
    expect(Math.abs(finishIn({ ...steady, windowCycles: 479 }) / before - 1)).toBeLessThan(0.01);
    // Ten minutes idle: 20 cycles fewer in the window.
    expect(Math.abs(finishIn({ ...steady, windowCycles: 460 }) / before - 1)).toBeLessThan(0.05);
  });

  it('starts from the prior cycle time and moves to the measured pace as cycles come', () => {
    const started = { ...steady, priorCycleTime: 30, windowCycles: 0, windowSeconds: 0 };
    expect(expectedFinishAt(started)).toBe(at + 4800 * 30);
    // Ten minutes at 60 s a cycle: half-way between target and measure.
    expect(smoothedCycleTime(10, 600, 30)).toBe(45);
    // Four hours at 60 s a cycle: close to 60 s.
    expect(smoothedCycleTime(240, hours(4), 30)).toBeCloseTo(58.8, 1);
    // Neither a target nor a cycle: no estimate.
    expect(expectedFinishAt({ ...started, priorCycleTime: null })).toBeNull();
    // No target, but cycles measured.
    expect(smoothedCycleTime(20, 600, null)).toBe(30);
  });

  it('says a stopped mould finishes far off, not at its last pace', () => {
    // Four hours without a cycle: the prior's ten cycles spread over the window.
    expect(smoothedCycleTime(0, hours(4), 30)).toBe((hours(4) + 300) / 10);
  });

  it('has no finish to expect once the quantity is made, overshot or not', () => {
    expect(expectedFinishAt({ ...steady, remaining: 0 })).toBeNull();
    expect(expectedFinishAt({ ...steady, remaining: -1450 })).toBeNull();
    // One part left on a 2-cavity mould: one cycle.
    expect(expectedFinishAt({ ...steady, remaining: 1 })).toBe(at + 30);
  });

  it('counts no negative cycles for a counter that went back', () => {
    expect(smoothedCycleTime(-50, hours(4), 30)).toBe((hours(4) + 300) / 10);
  });

  it('looks back 4 hours, or to the order’s start when that is later', () => {
    expect(finishPaceWindowStart(new Date(0), now).getTime()).toBe(now.getTime() - FINISH_PACE_WINDOW_S * 1000);
    const recent = new Date(now.getTime() - 600_000);
    expect(finishPaceWindowStart(recent, now)).toEqual(recent);
  });
});
