import { describe, expect, it } from 'vitest';
import { SendPacer } from './send-pacer.js';

/** The send times of figures that change at `changes` (ms), each send taking all waiting. */
function sends(changes: readonly number[], periodMs = 1000): number[] {
  const pacer = new SendPacer(periodMs);
  const sent: number[] = [];
  let next: number | undefined;
  for (const change of changes) {
    if (next !== undefined && next <= change) {
      pacer.sent(next);
      sent.push(next);
      next = undefined;
    }
    next ??= change + pacer.waitMs(change);
  }
  if (next !== undefined) sent.push(next);
  return sent;
}

describe('the send pacer', () => {
  it('sends figures changing once a period as they come, though one send was late', () => {
    // The change at 2,000 is sent 600 ms late (its send is due when the loop gets to it).
    const pacer = new SendPacer(1000);
    pacer.sent(0);
    pacer.sent(1000);
    pacer.sent(2600);
    for (const at of [3000, 4000, 5000]) {
      expect(pacer.waitMs(at)).toBe(0);
      pacer.sent(at);
    }
  });

  it('keeps to one send a period, after one of credit, however often they change', () => {
    const everyTenMs = Array.from({ length: 1000 }, (_, i) => i * 10);
    const seconds = Array.from({ length: 10 }, (_, i) => (i + 1) * 1000);
    expect(sends(everyTenMs)).toEqual([0, 10, ...seconds]);
  });

  it('waits once its credit is spent', () => {
    const pacer = new SendPacer(1000);
    pacer.sent(0);
    expect(pacer.waitMs(0)).toBe(0);
    pacer.sent(0);
    expect(pacer.waitMs(0)).toBe(1000);
    expect(pacer.waitMs(400)).toBe(600);
  });
});
