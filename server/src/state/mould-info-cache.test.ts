import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMold } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { MouldInfoCache } from './mould-info-cache.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** The moulds' rows as an engine reads them through the cache. */
async function readThrough(cache: MouldInfoCache, moldIds: number[]) {
  const rows = await app.context.db
    .selectFrom('molds')
    .select(['id', cache.infoUnlessKnown(moldIds).as('info'), sql<string>`xmin::text`.as('version')])
    .where('id', 'in', moldIds)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ sent: row.info !== null, info: cache.of(row.id, row.version, row.info) }));
}

it('sends a mould’s settings once per version of its row, and the new ones after a change', async () => {
  const moldIds = [await createMold(app.context.db, app.orgId), await createMold(app.context.db, app.orgId)];
  const cache = new MouldInfoCache();
  const first = await readThrough(cache, moldIds);
  expect(first.map((row) => row.sent)).toEqual([true, true]);
  expect((await readThrough(cache, moldIds)).map((row) => row.sent)).toEqual([false, false]);

  await app.context.db
    .updateTable('molds')
    .set({ info: JSON.stringify({ cycle_time: 41.5 }) })
    .where('id', '=', moldIds[1]!)
    .execute();
  const changed = await readThrough(cache, moldIds);
  expect(changed.map((row) => row.sent)).toEqual([false, true]);
  expect(changed[1]!.info.cycle_time).toBe(41.5);
  expect(changed[0]!.info).toBe(first[0]!.info);
});

it('refuses a row whose settings were held back for a version it does not keep', () => {
  expect(() => new MouldInfoCache().of(1, '7', null)).toThrow(/neither sent nor kept/);
});
