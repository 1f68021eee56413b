import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/database.js';
import { migrateToLatest, type DatabaseHandle } from './database.js';

const databaseUrl = process.env.DATABASE_URL;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

describe.runIf(databaseUrl)("the PostgreSQL introspection the migrator asks (the connection's schema only)", () => {
  const other = `mw_test_other_${process.pid}`;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
    await admin(`create schema ${other}`);
    await admin(`create table ${other}.elsewhere (id bigserial primary key)`);
    await migrateToLatest(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    await admin(`drop schema if exists ${other} cascade`);
  });

  it("lists the migrated schema's tables and columns, the migrator's own on request, and no other schema's", async () => {
    const tables = await handle.db.introspection.getTables();
    const schemas = new Set(tables.map((table) => table.schema));
    expect(schemas.size).toBe(1);
    expect(schemas.has(other)).toBe(false);
    const molds = tables.find((table) => table.name === 'molds');
    expect(molds?.columns.find((column) => column.name === 'id')).toMatchObject({
      dataType: 'int8',
      isNullable: false,
      isAutoIncrementing: true,
    });
    expect(tables.map((table) => table.name)).not.toContain('kysely_migration');
    const withOwn = await handle.db.introspection.getTables({ withInternalKyselyTables: true });
    expect(withOwn.map((table) => table.name)).toContain('kysely_migration');
  });
});
