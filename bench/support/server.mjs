// Starts bench/support/server.impl.ts (the server, in its own process, from the TypeScript sources via
// tsx) and talks to it over stdin/stdout: one JSON line per answer. See that file for the protocol.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Resolves when the server is ready, with its details and a `command(name)` / `stop()` pair. */
export async function startBenchServer({
  db = 'pglite',
  devices = 1,
  live = false,
  moulds = false,
  deviceRateLimit,
  demo = false,
} = {}) {
  const child = spawn(
    process.execPath,
    [
      // e.g. BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile the server.
      ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--conditions=source',
      '--import',
      'tsx',
      path.join(root, 'bench/support/server.impl.ts'),
      '--db',
      db,
      '--devices',
      String(devices),
      ...(live ? ['--live'] : []),
      ...(moulds ? ['--moulds'] : []),
      ...(deviceRateLimit ? ['--device-rate-limit', String(deviceRateLimit)] : []),
      ...(demo ? ['--demo'] : []),
    ],
    { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const waiting = [];
  const lines = createInterface({ input: child.stdout });
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  lines.on('line', (line) => {
    let value;
    try {
      value = JSON.parse(line);
    } catch {
      process.stderr.write(`[server] ${line}\n`);
      return;
    }
    waiting.shift()?.resolve(value);
  });
  exited.then((code) => {
    for (const waiter of waiting.splice(0)) waiter.reject(new Error(`the bench server exited (${code})`));
  });
  const next = () => new Promise((resolve, reject) => waiting.push({ resolve, reject }));
  const ready = await next();
  const command = (name) => {
    const answer = next();
    child.stdin.write(`${name}\n`);
    return answer;
  };
  return {
    ...ready,
    /** The server's process (for its RSS in /proc/<pid>/status). */
    pid: child.pid,
    command,
    /** Closes the server and waits for its process to end (killed after 30 s). */
    stop: async () => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.stdin.write('stop\n');
      child.stdin.end();
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The q-th quantile (0..1) of numbers, nearest rank. */
/** An MQTT connection as the device (username = device_no, password = token), once connected. */
export function connectDevice(mqttPort, { device_no, token }) {
  const client = mqtt.connect(`mqtt://127.0.0.1:${mqttPort}`, {
    username: device_no,
    password: token,
    clientId: `bench-${device_no}`,
    protocolVersion: 4,
    reconnectPeriod: 0,
  });
  return new Promise((resolve, reject) => client.once('connect', () => resolve(client)).once('error', reject));
}

export function quantile(values, q) {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export const round = (value, places = 1) => (value === null ? null : Math.round(value * 10 ** places) / 10 ** places);

/** A cycle reading as the benches' devices publish it, stamped now (JSON text). */
export const cycleReading = (seq, counter = 1000 + seq) =>
  JSON.stringify({
    seq,
    ts: Math.floor(Date.now() / 1000),
    counter,
    cycle_time: 30.5,
    mold_temp: [41.5, 42.1, 40.9, null],
    hrs_temp: [220.1, 221.4, 219.8, 220.6, null, null],
    current: 12.4,
    event: 'cycle',
  });
