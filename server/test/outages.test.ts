import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import mqtt from 'mqtt';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode, serverMessage, telemetryTopic } from '@mouldwatch/shared';
import { telemetryMessage, uniqueDeviceNo } from './factories.js';
import {
  startPrivateMosquitto,
  startPrivatePostgres,
  startPrivateRedis,
  type PrivateService,
} from './private-services.js';
import { startServerProcess, type ServerProcess } from './server-process.js';
import { eventually, withClient } from './eventually.js';

/**
 * The server (a process of its own, as `npm start` runs it) through outages of what it depends
 * on — its PostgreSQL, Redis, an external MQTT broker — each a private one the test stops and
 * starts again, while simulated devices send readings and resend each until it is acknowledged.
 * Afterwards every acknowledged reading is stored exactly once.
 */

let postgres: PrivateService | undefined;
let postgresSkipped = '';
beforeAll(async () => {
  // Nothing here uses DATABASE_URL: CI's second pass, on its PostgreSQL, would only repeat it.
  if (process.env.DATABASE_URL) {
    postgresSkipped = 'it brings its own PostgreSQL; it runs where DATABASE_URL is not set';
    return console.warn(`skipped outages.test.ts: ${postgresSkipped}`);
  }
  const started = await startPrivatePostgres();
  if ('skipped' in started) postgresSkipped = started.skipped;
  else postgres = started.service;
  if (postgresSkipped) console.warn(`skipped outages.test.ts: ${postgresSkipped}`);
}, 60_000);
afterAll(async () => {
  await postgres?.remove();
});

/** A database of its own in the private cluster: each server starts on an empty one. */
async function createDatabase(): Promise<string> {
  const name = `outage_${randomBytes(4).toString('hex')}`;
  await withClient(postgres!.url, (client) => client.query(`create database ${name}`));
  return postgres!.url.replace(/\/postgres$/, `/${name}`);
}

/** A device: sends seq 1, 2, 3 … and each again until it is acknowledged; `acked` is the last acknowledged. */
interface SimulatedDevice {
  id: number;
  acked: number;
  /** When each seq was acknowledged (Date.now(), by seq). */
  ackedAt: number[];
}

interface Fleet {
  devices: SimulatedDevice[];
  totalAcked(): number;
  /** HTTP answers other than 200 the devices received, by status. */
  refusals: Map<number, number>;
  /** Lets each device finish the reading it is sending, then stop. */
  stop(): Promise<void>;
}

async function registerDevices(server: ServerProcess, count: number) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const answer = await server.api<{ id: number; device_no: string; token: string }>('POST', '/api/yudata/device/', {
        token: server.adminToken,
        body: { device_no: uniqueDeviceNo() },
      });
      expect(answer.status).toBe(200);
      return answer.body.data;
    }),
  );
}

function runFleet(
  registered: Array<{ id: number }>,
  send: (index: number, seq: number) => Promise<number>,
  pauseMs: number,
): Fleet {
  let stopping = false;
  const refusals = new Map<number, number>();
  const devices: SimulatedDevice[] = registered.map(({ id }) => ({ id, acked: 0, ackedAt: [] }));
  const runs = devices.map(async (device, index) => {
    while (!stopping) {
      const seq = device.acked + 1;
      for (;;) {
        const status = await send(index, seq).catch(() => 0);
        if (status === 200) break;
        refusals.set(status, (refusals.get(status) ?? 0) + 1);
        await sleep(100);
      }
      device.acked = seq;
      device.ackedAt[seq] = Date.now();
      await sleep(pauseMs);
    }
  });
  return {
    devices,
    refusals,
    totalAcked: () => devices.reduce((sum, device) => sum + device.acked, 0),
    stop: async () => {
      stopping = true;
      await Promise.all(runs);
    },
  };
}

/** Devices posting to the HTTP ingest, one reading a request. */
function httpFleet(server: ServerProcess, registered: Array<{ id: number; token: string }>): Fleet {
  return runFleet(
    registered,
    async (index, seq) => {
      const response = await fetch(`${server.url}/api/device/telemetry/`, {
        method: 'POST',
        headers: { authorization: `Device ${registered[index]!.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(telemetryMessage(seq)),
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      return response.status;
    },
    5,
  );
}

/** Each device's stored seqs, and how many rows (a duplicate would add one). */
async function storedReadings(databaseUrl: string, deviceIds: number[]) {
  const { rows } = await withClient(databaseUrl, (client) =>
    client.query<{ device_id: number; seq: number }>(
      'select device_id::int as device_id, seq::int as seq from readings where device_id = any($1) order by device_id, seq',
      [deviceIds],
    ),
  );
  return new Map(deviceIds.map((id) => [id, rows.filter((row) => row.device_id === id).map((row) => row.seq)]));
}

/** Every acknowledged reading stored exactly once: seq 1 … acked, each once. */
async function expectEachAcknowledgedOnce(databaseUrl: string, fleet: Fleet): Promise<void> {
  const stored = await storedReadings(
    databaseUrl,
    fleet.devices.map((device) => device.id),
  );
  for (const device of fleet.devices) {
    expect(stored.get(device.id)).toEqual(Array.from({ length: device.acked }, (_, index) => index + 1));
  }
}

/** A live channel socket logged in with the token. */
async function liveSocket(server: ServerProcess, token: string): Promise<WebSocket> {
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws`);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify({ type: 'login', token }));
  return socket;
}

const closeCodeOf = (socket: WebSocket) =>
  new Promise<number>((resolve) => {
    if (socket.readyState === WebSocket.CLOSED) throw new Error('closed already');
    socket.once('close', (code) => resolve(code));
  });

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

describe('a PostgreSQL outage', () => {
  let server: ServerProcess;
  let databaseUrl: string;
  beforeAll(async () => {
    if (!postgres) return;
    databaseUrl = await createDatabase();
    server = await startServerProcess({ DATABASE_URL: databaseUrl });
  }, 60_000);
  afterAll(async () => {
    await server?.remove();
    await postgres?.restart();
  });

  it('answers 503 meanwhile, acknowledges nothing, and takes the backlog once the database is back', async ({
    skip,
  }) => {
    if (!server) return skip(postgresSkipped);
    const fleet = httpFleet(server, await registerDevices(server, 6));
    const socketBefore = await liveSocket(server, server.adminToken);
    await eventually(() => expect(fleet.totalAcked()).toBeGreaterThan(60));

    const stoppedAt = Date.now();
    await postgres!.stop();
    await sleep(300);
    const ackedBefore = fleet.devices.map((device) => device.acked);

    expect(server.exitCode(), server.output()).toBeNull();
    const userInfo = await server.api('GET', '/api/yudata/user/user_info/', { token: server.adminToken });
    expect(userInfo).toEqual({
      status: 503,
      body: { code: ResponseCode.refused, msg: serverMessage('en', 'databaseUnavailable'), data: null },
    });
    const login = await server.api('POST', '/api/login/zh_CN', {
      body: { username: 'admin', password: Buffer.from('admin1234').toString('base64') },
    });
    expect(login).toMatchObject({ status: 503, body: { msg: serverMessage('zh', 'databaseUnavailable') } });
    await eventually(() => expect(fleet.refusals.get(503)).toBeGreaterThan(6));
    // The live channel cannot check a token meanwhile: it closes sockets to be opened again
    // later (1013), and does not end the session (4401), which would log the user out.
    const closedBefore = closeCodeOf(socketBefore);
    socketBefore.send(JSON.stringify({ type: 'ping' }));
    expect(await closedBefore).toBe(1013);
    expect(await closeCodeOf(await liveSocket(server, server.adminToken))).toBe(1013);

    await sleep(4000 - (Date.now() - stoppedAt));
    expect(server.exitCode(), server.output()).toBeNull();
    expect(fleet.devices.map((device) => device.acked)).toEqual(ackedBefore);
    expect([...fleet.refusals.keys()]).toEqual([503]);

    await postgres!.restart();
    const restartedAt = Date.now();
    await eventually(() => {
      fleet.devices.forEach((device, index) => expect(device.acked).toBeGreaterThan(ackedBefore[index]! + 10));
    });
    const firstAcked = Math.min(...fleet.devices.map((device, index) => device.ackedAt[ackedBefore[index]! + 1]!));
    console.warn(
      `PostgreSQL outage: the first reading was acknowledged again ${seconds(firstAcked - restartedAt)} after the restart`,
    );
    await fleet.stop();

    expect(server.exitCode(), server.output()).toBeNull();
    expect((await server.api('GET', '/api/yudata/user/user_info/', { token: server.adminToken })).status).toBe(200);
    await expectEachAcknowledgedOnce(databaseUrl, fleet);
  });
});

describe('a Redis outage', () => {
  let redis: PrivateService | undefined;
  let server: ServerProcess;
  let databaseUrl: string;
  beforeAll(async () => {
    if (!postgres) return;
    const started = await startPrivateRedis();
    if ('skipped' in started) return console.warn(`skipped the Redis outage: ${started.skipped}`);
    redis = started.service;
    databaseUrl = await createDatabase();
    server = await startServerProcess({ DATABASE_URL: databaseUrl, REDIS_URL: redis.url });
  }, 60_000);
  afterAll(async () => {
    await server?.remove();
    await redis?.remove();
  });

  it('goes on serving and storing, and carries events again once Redis is back', async ({ skip }) => {
    if (!server || !redis) return skip();
    const fleet = httpFleet(server, await registerDevices(server, 4));
    await eventually(() => expect(fleet.totalAcked()).toBeGreaterThan(40));

    await redis.stop();
    const ackedWhenStopped = fleet.totalAcked();
    const logLines = () => server.output().split('\n').length;
    const linesWhenStopped = logLines();
    await sleep(3000);
    expect(server.exitCode(), server.output()).toBeNull();
    // The lost connections are logged, not every event that could not be published.
    console.warn(`Redis outage: ${logLines() - linesWhenStopped} log lines in 3 s`);
    expect(logLines() - linesWhenStopped).toBeLessThan(60);
    expect((await server.api('GET', '/api/yudata/user/user_info/', { token: server.adminToken })).status).toBe(200);
    // Readings do not need Redis: they are acknowledged meanwhile.
    expect(fleet.totalAcked()).toBeGreaterThan(ackedWhenStopped + 20);

    await redis.restart();
    const listener = new Redis(redis.url);
    const client = new Redis(redis.url);
    try {
      const readings: unknown[] = [];
      listener.on('pmessage', (_pattern: string, _channel: string, text: string) => readings.push(JSON.parse(text)));
      // The installation's channels: mouldwatch:<its id>:bus:<topic>.
      await listener.psubscribe('mouldwatch:*:bus:reading');
      // The server publishes on Redis again, and its subscriber has subscribed again.
      await eventually(async () => {
        expect(readings.length).toBeGreaterThan(0);
        // The server's pattern and this listener's.
        expect(await client.pubsub('NUMPAT')).toBe(2);
      });
    } finally {
      listener.disconnect();
      client.disconnect();
    }
    await fleet.stop();
    expect(server.exitCode(), server.output()).toBeNull();
    await expectEachAcknowledgedOnce(databaseUrl, fleet);
  });
});

describe('an external MQTT broker outage', () => {
  let broker: PrivateService | undefined;
  /** Two instances on one database and one broker, as a scaled-out deployment runs them. */
  let servers: ServerProcess[] = [];
  let databaseUrl: string;
  beforeAll(async () => {
    if (!postgres) return;
    const started = await startPrivateMosquitto();
    if ('skipped' in started) return console.warn(`skipped the MQTT broker outage: ${started.skipped}`);
    broker = started.service;
    databaseUrl = await createDatabase();
    const env = { DATABASE_URL: databaseUrl, MQTT_URL: broker.url, JWT_SECRET: randomBytes(32).toString('hex') };
    const first = await startServerProcess(env);
    servers = [first, await startServerProcess(env, { adminToken: first.adminToken })];
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.remove()));
    await broker?.remove();
  });

  it('loses and duplicates nothing the broker acknowledged, through its restart, with two instances', async ({
    skip,
  }) => {
    if (servers.length === 0 || !broker) return skip();
    const [server] = servers as [ServerProcess, ServerProcess];
    const registered = await registerDevices(server, 4);
    const deviceIds = registered.map((device) => device.id);
    const run = randomBytes(4).toString('hex');
    // Devices with sessions of their own: what they could not send is sent after they reconnect.
    const clients = await Promise.all(
      registered.map((device) =>
        mqtt.connectAsync(broker!.url, {
          clientId: `device-${device.device_no}-${run}`,
          clean: false,
          reconnectPeriod: 200,
        }),
      ),
    );
    try {
      // For a device the broker's PUBACK is the acknowledgement: `acked` counts those.
      const fleet = runFleet(
        registered,
        async (index, seq) => {
          const device = registered[index]!;
          await clients[index]!.publishAsync(telemetryTopic(device.device_no), JSON.stringify(telemetryMessage(seq)), {
            qos: 1,
          });
          return 200;
        },
        5,
      );
      await eventually(() => expect(fleet.totalAcked()).toBeGreaterThan(40));

      await broker.stop();
      await sleep(3000);
      for (const instance of servers) {
        expect(instance.exitCode(), instance.output()).toBeNull();
        expect((await instance.api('GET', '/api/yudata/user/user_info/', { token: server.adminToken })).status).toBe(
          200,
        );
      }

      const ackedBefore = fleet.devices.map((device) => device.acked);
      await broker.restart();
      const restartedAt = Date.now();
      await eventually(async () => {
        const stored = await storedReadings(databaseUrl, deviceIds);
        fleet.devices.forEach((device, index) =>
          expect(stored.get(device.id)!.at(-1)).toBeGreaterThan(ackedBefore[index]! + 10),
        );
      });
      const caughtUpAfter = Date.now() - restartedAt;
      await fleet.stop();
      servers.forEach((instance) => expect(instance.exitCode(), instance.output()).toBeNull());

      // Those the broker acknowledged before the server had connected again were queued for its
      // session (a subscription of its own, which the broker restores from its persistence).
      const ackedEarly = fleet.devices.reduce(
        (sum, device, index) =>
          sum + device.ackedAt.filter((at, seq) => seq > ackedBefore[index]! && at - restartedAt < 1000).length,
        0,
      );
      await eventually(() => expectEachAcknowledgedOnce(databaseUrl, fleet));
      console.warn(
        `MQTT broker restart: ${ackedEarly} readings acknowledged by the broker in the 1 s after it, ` +
          `every device caught up ${seconds(caughtUpAfter)} after it; ${fleet.totalAcked()} acknowledged in all, each stored once ` +
          'by two instances that each received every one',
      );
    } finally {
      await Promise.all(clients.map((client) => client.endAsync(true)));
    }
  });
});
