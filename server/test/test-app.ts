import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig } from '../src/config.js';
import { seedOrganization, type SeedUser } from '../src/seed/organization.js';
import { prepareServer, type PrepareOptions, type RunningServer } from '../src/start.js';
import { openTestDatabase } from './database.js';

export const ADMIN: SeedUser = { username: 'boss', password: 'boss1234', name: 'Boss', email: 'boss@example.com' };
export const VIEWER: SeedUser = { username: 'watcher', password: 'watch1234', name: 'Watcher', email: 'w@example.com' };

export interface TestApp extends RunningServer {
  /** Sends a request through the real app; `token` adds the JWT header. */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  login(user: SeedUser, address?: string): Promise<string>;
  /** An administrator of a new organisation of its own, so a test's attempts touch no other test. */
  freshUser(): Promise<SeedUser>;
  orgId: number;
}

export const encode = (password: string) => Buffer.from(password, 'utf8').toString('base64');

/** The real app on a database of its own, with an organisation, an admin and a viewer. */
export async function startTestApp(
  env: NodeJS.ProcessEnv = {},
  webDir?: string,
  options: Pick<PrepareOptions, 'live' | 'jobs'> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mouldwatch-test-'));
  const config = loadConfig(
    { LOG_LEVEL: 'silent', DATA_DIR: dataDir, JWT_SECRET: 'test-secret-'.padEnd(40, 'x'), ...env },
    webDir,
  );
  const server = await prepareServer(config, { ...options, database: await openTestDatabase(), seedEmpty: false });
  const { orgId } = await seedOrganization(server.context.db, 'Test Org', ADMIN, VIEWER);

  const request: TestApp['request'] = ({ token, headers, ...options }) =>
    server.app.inject({ ...options, headers: { ...headers, ...(token ? { authorization: `JWT ${token}` } : {}) } });

  const login = async (user: SeedUser, address = '10.0.0.1') => {
    const response = await request({
      method: 'POST',
      url: '/api/login/en_US',
      payload: { username: user.username, password: encode(user.password) },
      remoteAddress: address,
    });
    if (response.statusCode !== 200) throw new Error(`login of ${user.username} failed: ${response.body}`);
    return response.json().data.access as string;
  };

  let created = 0;
  const freshUser = async () => {
    created += 1;
    const user = {
      username: `fresh${created}`,
      password: 'fresh1234',
      name: 'Fresh',
      email: `fresh${created}@example.com`,
    };
    await seedOrganization(server.context.db, `Org ${created}`, user);
    return user;
  };

  return {
    ...server,
    orgId,
    request,
    login,
    freshUser,
    close: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
