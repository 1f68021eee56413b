import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './private-services.js';
import { spawnServerProcess, type SpawnedServer } from './server-process.js';

let dataDir: string | undefined;
let server: SpawnedServer | undefined;
let squatter: Server | undefined;

afterEach(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  await new Promise((resolve) => (squatter ? squatter.close(resolve) : resolve(undefined)));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

// A start on the embedded database (initdb: seconds, more under load); DATABASE_URL changes nothing here.
describe.skipIf(process.env.DATABASE_URL)('what a start prints', { timeout: 180_000 }, () => {
  it('stops on a busy MQTT port with one line naming MQTT_PORT, before anything says it listens', async () => {
    const mqttPort = await freePort();
    squatter = createServer();
    await new Promise<void>((resolve) => squatter!.listen(mqttPort, '127.0.0.1', resolve));
    dataDir = mkdtempSync(path.join(tmpdir(), 'mouldwatch-start-'));
    server = await spawnServerProcess(dataDir, { MQTT_PORT: String(mqttPort), LOG_LEVEL: 'info', LOG_FORMAT: 'text' });
    const { code } = await server.exited;
    expect(code).toBe(1);
    const output = server.output();
    expect(output).toContain(`MQTT_PORT=${mqttPort}: the port is already in use`);
    expect(output).not.toMatch(/Server listening|Mouldwatch is running/);
    // LOG_FORMAT=text: no raw JSON line among the plain ones.
    expect(output.split('\n').filter((line) => line.startsWith('{'))).toEqual([]);
  });
});
