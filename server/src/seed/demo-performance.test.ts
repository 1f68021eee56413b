import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { prepareServer, type RunningServer } from '../start.js';
import { openTestDatabase } from '../../test/database.js';
import { encode } from '../../test/test-app.js';

let server: RunningServer;
let token: string;
const dataDir = mkdtempSync(path.join(tmpdir(), 'mouldwatch-demo-perf-'));
const DAY = 86_400;

beforeAll(async () => {
  const config = loadConfig({ DEMO: '1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', MQTT_PORT: '0' });
  server = await prepareServer(config, { database: await openTestDatabase() });
  const login = await server.app.inject({
    method: 'POST',
    url: '/api/login/en_US',
    payload: { username: 'admin', password: encode('admin123') },
  });
  token = login.json().data.access as string;
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function dailyPerformance(moldId: number, days: number) {
  const end = Math.floor(Date.now() / 1000 / DAY) * DAY - DAY;
  const response = await server.app.inject({
    method: 'GET',
    url: `/api/yudata/report/oee/?mold_id=${moldId}&start=${end - days * DAY}&end=${end}&range=day`,
    headers: { authorization: `JWT ${token}`, 'time-zone': 'UTC' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data.buckets as Array<{ performance: number | null }>).map((bucket) => bucket.performance);
}

describe('the demo history', () => {
  it('measures', async () => {
    const moulds = await server.context.db.selectFrom('molds').select(['id', 'name']).orderBy('id').execute();
    for (const mould of moulds) {
      const perf = (await dailyPerformance(mould.id, 30)).filter((p) => p !== null);
      console.log(mould.name, perf.map((p) => (p * 100).toFixed(1)).join(' '));
    }
  });
});
