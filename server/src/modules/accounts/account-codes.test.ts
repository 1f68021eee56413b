import { describe, expect, it } from 'vitest';
import { CODE_MAX_WRONG_TRIES, CODE_VALID_MS, issuedCode, judgeCode, newCode } from './account-codes.js';

const now = new Date('2026-11-28T10:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);

describe('verification codes', () => {
  it('are six digits, leading zeros kept, and not all the same', () => {
    const codes = Array.from({ length: 200 }, newCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(190);
  });

  it('accept the right code within ten minutes, and only once', () => {
    const stored = issuedCode('h1', now);
    expect(judgeCode(stored, 'h1', later(CODE_VALID_MS - 1))).toEqual({ outcome: 'accepted' });
    // The repository removes an accepted code: nothing is left to offer again.
    expect(judgeCode(undefined, 'h1', later(1))).toEqual({ outcome: 'dead' });
  });

  it('expire after ten minutes, even offered right', () => {
    expect(judgeCode(issuedCode('h1', now), 'h1', later(CODE_VALID_MS))).toEqual({ outcome: 'dead' });
  });

  it('count wrong tries and die at the fifth, so the right code on the sixth fails', () => {
    let stored = issuedCode('h1', now);
    for (let attempt = 1; attempt < CODE_MAX_WRONG_TRIES; attempt += 1) {
      const verdict = judgeCode(stored, 'nope', later(attempt));
      if (verdict.outcome !== 'wrong') throw new Error(`try ${attempt}: ${verdict.outcome}`);
      expect(verdict.stored.wrongTries).toBe(attempt);
      stored = verdict.stored;
    }
    expect(judgeCode(stored, 'nope', later(10))).toEqual({ outcome: 'dead' });
    expect(judgeCode({ ...stored, wrongTries: CODE_MAX_WRONG_TRIES }, 'h1', later(11))).toEqual({ outcome: 'dead' });
  });

  it('are replaced by a new one: the old code is wrong, the new one right, the tries start again', () => {
    const first = judgeCode(issuedCode('old', now), 'x', later(1));
    expect(first.outcome).toBe('wrong');
    const replacement = issuedCode('new', later(2));
    expect(replacement.wrongTries).toBe(0);
    expect(judgeCode(replacement, 'old', later(3)).outcome).toBe('wrong');
    expect(judgeCode(replacement, 'new', later(3))).toEqual({ outcome: 'accepted' });
  });
});
