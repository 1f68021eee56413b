import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMold } from '../../../../test/factories.js';
import { startTestApp, type TestApp } from '../../../../test/test-app.js';
import { migrationProvider } from './index.js';
import type { Database } from '../schema.js';

/**
 * Migration 0039 drops the readings' foreign key to their mould (the insert locks the moulds
 * itself); `down` puts it back, after deleting the readings of moulds that are gone.
 */
let app: TestApp;
let db: Kysely<Database>;

const migrator = async () => {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return new Migrator({ db, provider: migrationProvider, migrationTableSchema: rows[0]!.schema });
};

const hasMouldKey = async () => {
  const { rows } = await sql<{ keys: number }>`
    select count(*)::int as keys from pg_constraint
    where conrelid = 'readings'::regclass and conname = 'readings_mold_id_fkey'`.execute(db);
  return rows[0]!.keys === 1;
};

const reading = (seq: number, moldId: number) => ({ device_id: 1, seq, ts: new Date(), mold_id: moldId });

beforeAll(async () => {
  app = await startTestApp();
  db = app.context.db;
});
afterAll(() => app?.close());

describe("migration 0039: the readings' mould checked by the insert", () => {
  it('drops the key, and down restores it without the readings of moulds gone', async () => {
    expect(await hasMouldKey()).toBe(false);
    const moldId = await createMold(db, app.orgId);
    const gone = moldId + 1_000_000;
    await db
      .insertInto('readings')
      .values([reading(1, moldId), reading(2, gone)])
      .execute();

    expect((await (await migrator()).migrateTo('0038_readings_by_xid')).error).toBeUndefined();
    expect(await hasMouldKey()).toBe(true);
    const kept = await db.selectFrom('readings').select(['seq', 'mold_id']).where('device_id', '=', 1).execute();
    expect(kept).toEqual([{ seq: 1, mold_id: moldId }]);

    expect((await (await migrator()).migrateToLatest()).error).toBeUndefined();
    expect(await hasMouldKey()).toBe(false);
  });
});
