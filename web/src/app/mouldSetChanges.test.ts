import { describe, expect, it } from 'vitest';
import { mustLeave, showsMoulds } from './mouldSetChanges';

describe("a change of the user's moulds", () => {
  it('reloads the queries of screens that show moulds, and only those', () => {
    const shows = (queryKey: unknown[]) => showsMoulds({ queryKey });
    expect(shows(['home', 'moulds', {}])).toBe(true);
    expect(shows(['home', 'facts', 7])).toBe(true);
    expect(shows(['moldDetail', 'mould', 7])).toBe(true);
    expect(shows(['moldSettings', 'list'])).toBe(true);
    expect(shows(['users', 'moldTree', 3])).toBe(true);
    expect(shows(['session', 'userInfo'])).toBe(false);
    expect(shows(['notices'])).toBe(false);
    expect(shows([42])).toBe(false);
  });

  it('leaves the facts or a detail view of a mould taken away or deleted, and nothing else', () => {
    const revoked = { type: 'moulds' as const, change: 'revoked' as const, mold_ids: [7, 8] };
    expect(mustLeave(revoked, '/molddetail', 7)).toBe(true);
    expect(mustLeave(revoked, '/detail/moldTemp', 8)).toBe(true);
    expect(mustLeave({ ...revoked, change: 'removed' }, '/detail/energy', 7)).toBe(true);
    expect(mustLeave(revoked, '/index', 7)).toBe(false);
    expect(mustLeave(revoked, '/molddetail', 9)).toBe(false);
    expect(mustLeave(revoked, '/molddetail', null)).toBe(false);
    expect(mustLeave({ ...revoked, change: 'granted' }, '/molddetail', 7)).toBe(false);
    expect(mustLeave({ ...revoked, change: 'updated' }, '/molddetail', 7)).toBe(false);
  });
});
