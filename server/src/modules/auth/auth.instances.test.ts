import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../infra/db/database.js';
import { seedOrganization } from '../../seed/organization.js';
import { prepareServer, type RunningServer } from '../../start.js';
import { encode } from '../../../test/test-app.js';
import { PAIR_RULE } from './login-throttle.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) console.warn('skipped: two instances on one database need DATABASE_URL');

const USER = { username: 'twin', password: 'twin1234', name: 'Twin', email: '' };

describe.skipIf(!databaseUrl)('login throttling across two server instances on one PostgreSQL', () => {
  const schema = `mw_test_throttle_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mouldwatch-throttle-'));
  let instances: RunningServer[] = [];

  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };

  /** A server of its own, with its own connection pool, on the shared schema. */
  const instance = async () => {
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, JWT_SECRET: 'twin-secret-'.padEnd(40, 'x') });
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl as string, schema });
    return prepareServer(config, { database, seedEmpty: false });
  };

  beforeAll(async () => {
    await admin(`create schema ${schema}`);
    instances = [await instance(), await instance()];
    await seedOrganization(instances[0]!.context.db, 'Twin Org', USER);
  });
  afterAll(async () => {
    for (const server of instances) await server.close();
    await admin(`drop schema ${schema} cascade`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const login = (server: RunningServer, password: string, address: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/login/en_US',
      payload: { username: USER.username, password: encode(password) },
      remoteAddress: address,
    });

  it('counts parallel attempts spread over both instances together', async () => {
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, attempt) => login(instances[attempt % 2]!, 'wrong1234', '10.8.0.1')),
    );
    const checked = responses.filter((response) => response.statusCode === 422);
    expect(checked).toHaveLength(PAIR_RULE.freeFailures);
    expect(responses.filter((response) => response.statusCode === 429)).toHaveLength(40 - PAIR_RULE.freeFailures);
    for (const server of instances) expect((await login(server, USER.password, '10.8.0.1')).statusCode).toBe(429);
    expect((await login(instances[1]!, USER.password, '10.8.0.2')).statusCode).toBe(200);
  });
});
