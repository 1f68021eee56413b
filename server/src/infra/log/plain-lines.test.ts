import { describe, expect, it } from 'vitest';
import { plainLine } from './plain-lines.js';

describe('plainLine', () => {
  it('prints the time, the level and the message, the other fields after them, without pid and host', () => {
    const line = JSON.stringify({
      level: 40,
      time: Date.UTC(2026, 10, 28, 9, 5, 7),
      pid: 1,
      hostname: 'vm',
      msg: 'slow',
      ms: 12,
    });
    expect(plainLine(`${line}\n`)).toBe('09:05:07 warn slow {"ms":12}\n');
  });

  it("puts an error's stack on the lines below", () => {
    const line = JSON.stringify({
      level: 50,
      time: 0,
      msg: 'state engine',
      err: { type: 'Error', stack: 'Error: x\n    at y' },
    });
    expect(plainLine(line)).toBe('00:00:00 error state engine\nError: x\n    at y\n');
  });

  it('passes a line that is not JSON as it is', () => {
    expect(plainLine('plain\n')).toBe('plain\n');
  });
});
