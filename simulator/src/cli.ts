#!/usr/bin/env node
// Drives simulated mould devices against a Mouldwatch server over MQTT or HTTP, speaking only the
// public device protocol (docs/device-protocol.md).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { setMaxListeners } from 'node:events';
import { parseArgs } from 'node:util';
import { runDevice } from './run.js';
import { httpTransport, mqttTransport, type DeviceIdentity, type Transport } from './transports.js';

const USAGE = `usage:
  mouldwatch-simulator register --http URL --user NAME --password PASSWORD --count N [--prefix SIM] [--out devices.json]
  mouldwatch-simulator run --devices devices.json (--mqtt mqtt://host:1883 | --http URL)
                           [--backfill-hours H] [--duration SECONDS] [--batch N] [--state state.json]

  --state keeps each device's cycle counter in a file, so a restarted run counts on from it.`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    http: { type: 'string' },
    mqtt: { type: 'string' },
    user: { type: 'string' },
    password: { type: 'string' },
    count: { type: 'string', default: '5' },
    prefix: { type: 'string', default: 'SIM' },
    out: { type: 'string', default: 'devices.json' },
    devices: { type: 'string', default: 'devices.json' },
    'backfill-hours': { type: 'string', default: '0' },
    duration: { type: 'string' },
    batch: { type: 'string', default: '200' },
    state: { type: 'string' },
  },
});

async function apiCall<T>(base: string, path: string, init: RequestInit): Promise<T> {
  const response = await fetch(`${base.replace(/\/+$/, '')}/api${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  const body = (await response.json()) as { code: number; msg: string; data: T };
  if (body.code !== 200) throw new Error(`${path}: ${body.msg}`);
  return body.data;
}

/** Logs in as an administrator and registers devices; their tokens are shown once, so they are saved. */
async function register(): Promise<void> {
  const base = required(values.http, '--http');
  const password = Buffer.from(required(values.password, '--password')).toString('base64');
  const { access } = await apiCall<{ access: string }>(base, '/login/en_US', {
    method: 'POST',
    body: JSON.stringify({ username: required(values.user, '--user'), password }),
  });
  const devices: DeviceIdentity[] = [];
  for (let index = 1; index <= Number(values.count); index += 1) {
    const device_no = `${values.prefix}-${String(index).padStart(4, '0')}`;
    devices.push(
      await apiCall<DeviceIdentity>(base, '/yudata/device/', {
        method: 'POST',
        headers: { authorization: `JWT ${access}` },
        body: JSON.stringify({ device_no }),
      }),
    );
  }
  writeFileSync(
    values.out,
    JSON.stringify(
      devices.map(({ device_no, token }) => ({ device_no, token })),
      null,
      2,
    ),
  );
  console.log(`registered ${devices.length} devices into ${values.out}`);
}

const STATE_SAVE_INTERVAL_MS = 30_000;

/** The counters a previous run left in the state file, by serial number. */
function savedCounters(file: string | undefined): Record<string, number> {
  if (!file || !existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
}

async function run(): Promise<void> {
  const counters = savedCounters(values.state);
  const devices = (JSON.parse(readFileSync(values.devices, 'utf8')) as DeviceIdentity[]).map((device) => ({
    ...device,
    counter: counters[device.device_no] ?? device.counter,
  }));
  const saveState = () => {
    if (values.state) writeFileSync(values.state, JSON.stringify(counters));
  };
  const stateSaver = setInterval(saveState, STATE_SAVE_INTERVAL_MS);
  const connect = (device: DeviceIdentity): Promise<Transport> | Transport =>
    values.mqtt ? mqttTransport(values.mqtt, device) : httpTransport(required(values.http, '--http or --mqtt'), device);
  const controller = new AbortController();
  // Every device waits on the one signal at once.
  setMaxListeners(devices.length + 10, controller.signal);
  process.once('SIGINT', () => controller.abort());
  process.once('SIGTERM', () => controller.abort());
  let sent = 0;
  const report = setInterval(() => console.log(`${new Date().toISOString()} sent ${sent} messages`), 10_000);
  await Promise.all(
    devices.map(async (device, index) => {
      const transport = await connect(device);
      try {
        await runDevice(device, index, transport, {
          backfillHours: Number(values['backfill-hours']),
          durationSeconds: values.duration ? Number(values.duration) : Infinity,
          batchSize: Number(values.batch),
          signal: controller.signal,
          onSent: (deviceNo, messages) => {
            sent += messages.length;
            const counter = messages[messages.length - 1]?.counter;
            if (counter !== undefined) counters[deviceNo] = counter;
          },
        });
      } finally {
        await transport.close();
      }
    }),
  );
  clearInterval(report);
  clearInterval(stateSaver);
  saveState();
  console.log(`done: sent ${sent} messages`);
}

function required(value: string | undefined, flag: string): string {
  if (!value) throw new Error(`${flag} is required\n${USAGE}`);
  return value;
}

const command = positionals[0];
const commands: Record<string, () => Promise<void>> = { register, run };
const chosen = command ? commands[command] : undefined;
if (!chosen) {
  console.error(USAGE);
  process.exit(2);
}
chosen().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
