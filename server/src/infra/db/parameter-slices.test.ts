import { afterAll, beforeAll, expect, it } from 'vitest';
import { AlarmsRepository } from '../../alarms/alarms.repository.js';
import { createMold, userIdOf } from '../../../test/factories.js';
import { ADMIN, startTestApp, type TestApp } from '../../../test/test-app.js';
import { inParameterSlices, MAX_STATEMENT_PARAMETERS } from './parameter-slices.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

it('writes a slice per statement, each within the parameters, and answers every slice in order', async () => {
  const rows = Array.from({ length: 50_000 }, (_, index) => ({ a: index, b: index, c: index }));
  const slices: number[] = [];
  const answered = await inParameterSlices(rows, async (slice) => {
    slices.push(slice.length);
    return slice.map((row) => row.a);
  });
  expect(slices).toEqual([21_845, 21_845, 6_310]);
  expect(slices.every((length) => length * 3 <= MAX_STATEMENT_PARAMETERS)).toBe(true);
  expect(answered).toEqual(rows.map((row) => row.a));
  expect(await inParameterSlices([], () => Promise.reject(new Error('no statement for no rows')))).toEqual([]);
});

it('stores 12,000 notices of one alarm run (72,000 values) in one transaction', async () => {
  const userId = await userIdOf(app.context.db, ADMIN.username);
  const moldId = await createMold(app.context.db, app.orgId, [userId]);
  const notices = Array.from({ length: 12_000 }, (_, index) => ({
    user_id: userId,
    alarm_type: 1,
    unique_str: `burst-${index}`,
    mold_id: moldId,
    mold_name: 'Burst',
    content: `notice ${index}`,
  }));
  const stored = await app.context.db
    .transaction()
    .execute((trx) => new AlarmsRepository().insertNotices(trx, notices));
  expect(stored).toHaveLength(12_000);
  const { count } = await app.context.db
    .selectFrom('user_messages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('unique_str', 'like', 'burst-%')
    .executeTakeFirstOrThrow();
  expect(Number(count)).toBe(12_000);
});
