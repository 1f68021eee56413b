import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { AlarmType } from '@mouldwatch/shared';
import { loadConfig } from '../../config.js';
import { seedOrganization } from '../../seed/organization.js';
import { prepareServer, type RunningServer } from '../../start.js';
import { openDatabase } from '../db/database.js';

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!databaseUrl || !redisUrl) console.warn('skipped: two instances need DATABASE_URL and REDIS_URL');

const USER = { username: 'twin', password: 'twin1234', name: 'Twin', email: '' };

describe.skipIf(!databaseUrl || !redisUrl)('two server instances on one PostgreSQL and one Redis', () => {
  const schema = `mw_test_twins_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mouldwatch-twins-'));
  let first: RunningServer;
  let second: RunningServer;

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };

  const instance = async () => {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      JWT_SECRET: 'twin-secret-'.padEnd(40, 'x'),
      REDIS_URL: redisUrl,
      MQTT_PORT: '0',
    });
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl as string, schema });
    return prepareServer(config, { database, seedEmpty: false, busNamespace: schema });
  };

  beforeAll(async () => {
    await admin(`create schema ${schema}`);
    first = await instance();
    second = await instance();
    await seedOrganization(first.context.db, 'Twin Org', USER);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await admin(`drop schema ${schema} cascade`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('pushes a notice created on one instance to a socket held by the other, and closes it on logout there', async () => {
    const login = await first.app.inject({
      method: 'POST',
      url: '/api/login/en_US',
      payload: { username: USER.username, password: Buffer.from(USER.password).toString('base64') },
    });
    const token = login.json().data.access as string;
    const userId = login.json().data.user.id as number;

    const address = await second.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = new WebSocket(`${address.replace('http', 'ws')}/ws`);
    const messages: Array<Record<string, unknown>> = [];
    socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as Record<string, unknown>));
    const closed = new Promise<number>((resolve) => socket.on('close', resolve));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'login', token }));
    await expect.poll(() => messages.find((message) => message.type === 'login')).toMatchObject({ code: 200 });

    await first.services.notices.create({ userId, alarmType: AlarmType.offline, content: { number: 'T-1' } });
    await expect.poll(() => messages.find((message) => message.type === 'notify')).toMatchObject({ notify_type: 4 });

    await first.app.inject({ method: 'POST', url: '/api/logout/', headers: { authorization: `JWT ${token}` } });
    expect(await closed).toBe(4401);
  });

  it('moves a mould on once when both instances see its reading, and tells a socket on the other once', async () => {
    const login = await first.app.inject({
      method: 'POST',
      url: '/api/login/en_US',
      payload: { username: USER.username, password: Buffer.from(USER.password).toString('base64') },
    });
    const token = login.json().data.access as string;
    const user = await first.context.db
      .selectFrom('users')
      .select(['id', 'org_id'])
      .where('username', '=', USER.username)
      .executeTakeFirstOrThrow();
    const { id: moldId } = await first.context.db
      .insertInto('molds')
      .values({ org_id: user.org_id, name: 'Twin mould', mold_number: 'TW-1' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await first.context.db.insertInto('user_mold_grants').values({ user_id: user.id, mold_id: moldId }).execute();

    const address = await first.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = new WebSocket(`${address.replace('http', 'ws')}/ws`);
    const lists: unknown[] = [];
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string; data?: unknown };
      if (message.type === 'list') lists.push(message.data);
    });
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'login', token }));
    await new Promise((resolve) => socket.once('message', resolve));

    const message = { seq: 1, ts: Math.floor(Date.now() / 1000), counter: 1, event: 'cycle' as const };
    second.context.bus.publish('reading', { deviceId: 1, deviceNo: 'TW', orgId: user.org_id, moldId, message });
    await expect.poll(() => lists).toEqual([expect.objectContaining({ id: moldId, state: 'run', online: true })]);
    await Promise.all([first.services.state.settled(), second.services.state.settled()]);
    await Promise.all([first.services.state.sweep(), second.services.state.sweep()]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(lists).toHaveLength(1);
    socket.close();
  });
});
