// `npm run bench -- read-pressure [--db pglite|postgres] [--devices D] [--rate R] [--readers N] [--users U] [--seconds S]`
//
// Do expensive history reads starve device ingest? Device acknowledgements are timed while nobody
// reads, then while N readers keep asking for the worst history reads there are.
//
// How: bench/support/server.mjs starts the real server (PGlite in a temp dir, or --db postgres
// DATABASE_URL in a fresh schema; --db defaults to postgres when DATABASE_URL is set, as in
// bench/ingest.mjs) with D devices (default 20), one bound to a mould with 13 months of 15-minute
// roll-ups. Each device publishes R messages a second (default 5) over MQTT, QoS 1, on its own clock
// whether or not the last one was acknowledged, as devices do; each publish→PUBACK time is recorded
// (the PUBACK follows the commit). Three phases of S seconds (default 10), the same ingest in each:
//   idle        no reads;
//   unbounded   N readers (default 5) each read back-to-back, over HTTP, the history of every
//               route that reads a time series with `start=0` and no end (the 13 months of the
//               mould in hours, days, weeks, the .xlsx export, the time states);
//   full_window N readers read each route's largest window the server accepts (no start, no end:
//               the range's whole window, ending now).
// The readers are U users (default 1: all N are the same user, the "read-only viewer"), each
// reader i that of user i mod U. Between phases the reads under way are awaited. After the last one
// the readings in the database are counted: stored must equal acked.
//
// Prints ONE JSON line: {"bench":"read-pressure","db","devices","rate_per_device","readers","users",
//   "seconds","acked","stored","phases":{idle|unbounded|full_window:{"acks","p50_ack_ms","p99_ack_ms",
//   "max_ack_ms","reads","read_status":{status:count},"read_p50_ms","read_max_ms"}}}.
// acks counts the acknowledgements of the phase's publishes; an ack still missing when the phase's
// reads are over counts as that wait (so a starved ingest cannot look quick).
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';
import { quantile, round, startBenchServer } from './support/server.mjs';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: process.env.DATABASE_URL ? 'postgres' : 'pglite' },
    devices: { type: 'string', default: '20' },
    rate: { type: 'string', default: '5' },
    readers: { type: 'string', default: '5' },
    users: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '10' },
  },
});
const db = values.db === 'postgres' ? 'postgres' : 'pglite';
const deviceCount = Math.max(1, Number(values.devices));
const rate = Math.max(0.1, Number(values.rate));
const readerCount = Math.max(0, Number(values.readers));
const userCount = Math.max(1, Number(values.users));
const seconds = Math.max(1, Number(values.seconds));
const READS_DRAIN_MS = 120_000;

/** Every route that reads a time series, with the window each phase asks for. */
const readPaths = (moldId) => [
  `mold/moldTemperature/${moldId}/?range=hour`,
  `mold/hotRunnerTemperaturePage/${moldId}/?range=day&limit=1000`,
  `mold/moldCycleCounter/${moldId}/?range=week`,
  `mold/energyList/${moldId}/?range=month`,
  `mold/statusHistory/${moldId}/?range=hour`,
  `mold/export/moldTemperature/${moldId}/?range=hour`,
];
const PHASE_QUERIES = { idle: null, unbounded: '&start=0', full_window: '' };

const server = await startBenchServer({ db, devices: deviceCount, live: true });
let clients = [];
try {
  await server.command('seed-history');
  const tokens =
    userCount > 1
      ? (await server.command(`users ${userCount - 1}`)).tokens.concat(server.adminToken)
      : [server.adminToken];
  clients = await Promise.all(
    server.devices.map(
      ({ device_no, token }) =>
        new Promise((resolve, reject) => {
          const client = mqtt.connect(`mqtt://127.0.0.1:${server.mqttPort}`, {
            username: device_no,
            password: token,
            clientId: `bench-${device_no}`,
            protocolVersion: 4,
            reconnectPeriod: 0,
            connectTimeout: 30_000,
          });
          client.once('connect', () => resolve({ client, topic: `devices/${device_no}/telemetry`, seq: 0 }));
          client.once('error', reject);
        }),
    ),
  );

  let acked = 0;
  /** Publishes on every device's clock; each publish's ack time goes to `phase.acks` (pending until it comes). */
  const publish = (device, phase) => {
    const seq = device.seq++;
    const startedAt = performance.now();
    const timing = { startedAt, ms: null };
    phase.timings.push(timing);
    const message = JSON.stringify({
      seq,
      ts: Math.floor(Date.now() / 1000),
      counter: 1000 + seq,
      cycle_time: 30.5,
      mold_temp: [41.5, 42.1, 40.9, null],
      hrs_temp: [220.1, 221.4, 219.8, 220.6, null, null],
      event: 'cycle',
    });
    device.client.publish(device.topic, message, { qos: 1 }, (error) => {
      if (error) return;
      acked += 1;
      timing.ms = performance.now() - startedAt;
    });
  };

  const read = async (token, path) => {
    const started = performance.now();
    const response = await fetch(`${server.httpUrl}/api/yudata/${path}`, {
      headers: { authorization: `JWT ${token}`, 'time-zone': 'Asia/Kolkata' },
    });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  };

  const runPhase = async (query) => {
    const phase = { timings: [], reads: [] };
    let running = true;
    const paths = readPaths(server.moldId).map((path) => path + (query ?? ''));
    const readers =
      query === null
        ? []
        : Array.from({ length: readerCount }, async (_, index) => {
            const token = tokens[index % tokens.length];
            for (let next = index; running; next += 1) phase.reads.push(await read(token, paths[next % paths.length]));
          });
    const timers = clients.map((device, index) => {
      // Spread the devices over the interval, as real ones are.
      const interval = 1000 / rate;
      let timer;
      const first = setTimeout(
        () => {
          publish(device, phase);
          timer = setInterval(() => publish(device, phase), interval);
        },
        (index * interval) / clients.length,
      );
      return () => (clearTimeout(first), clearInterval(timer));
    });
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    timers.forEach((stop) => stop());
    running = false;
    await Promise.race([Promise.all(readers), new Promise((resolve) => setTimeout(resolve, READS_DRAIN_MS))]);
    // Let the last acknowledgements come in.
    const deadline = performance.now() + 30_000;
    while (phase.timings.some(({ ms }) => ms === null) && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const now = performance.now();
    const acks = phase.timings.map(({ startedAt, ms }) => ms ?? now - startedAt);
    const status = {};
    for (const { status: code } of phase.reads) status[code] = (status[code] ?? 0) + 1;
    const readMs = phase.reads.map(({ ms }) => ms);
    return {
      acks: acks.length,
      p50_ack_ms: round(quantile(acks, 0.5)),
      p99_ack_ms: round(quantile(acks, 0.99)),
      max_ack_ms: round(quantile(acks, 1)),
      reads: phase.reads.length,
      read_status: status,
      read_p50_ms: round(quantile(readMs, 0.5)),
      read_max_ms: round(quantile(readMs, 1)),
    };
  };

  const phases = {};
  for (const [name, query] of Object.entries(PHASE_QUERIES)) phases[name] = await runPhase(query);
  await Promise.all(clients.map(({ client }) => client.endAsync()));
  clients = [];
  const { stored } = await server.command('count');
  console.log(
    JSON.stringify({
      bench: 'read-pressure',
      db,
      devices: deviceCount,
      rate_per_device: rate,
      readers: readerCount,
      users: userCount,
      seconds,
      acked,
      stored,
      phases,
    }),
  );
} finally {
  for (const { client } of clients) client.end(true);
  await server.stop();
}
