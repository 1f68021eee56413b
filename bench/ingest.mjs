// `npm run bench -- ingest [--db pglite|postgres] [--devices N] [--seconds S] [--inflight K] [--warmup W] [--moulds]
//   [--pairs P] [--load lean|mqttjs]`
//
// Devices publishing telemetry over MQTT (QoS 1) to the embedded broker → committed in the database.
// Budget (DESIGN §10): ≥ 5,000 messages/s on PostgreSQL, ≥ 2,000 on PGlite, p99 ack ≤ 50 ms,
// stored = acknowledged.
//
// How: bench/support/server.mjs starts the real server from the TypeScript sources (tsx) in a child process
// — PGlite in a temp dir, or with --db postgres DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test) in a fresh schema dropped afterwards; --db defaults to postgres
// when DATABASE_URL is set, as the tests do — and registers N devices (default 200) through the API. This
// process then connects N devices (username = device_no, password = token;
// bench/support/lean-mqtt-device.mjs, or mqtt.js's client with --load mqttjs, whose own CPU is about twice
// the lean one's) and has each publish to devices/{device_no}/telemetry back-to-back, QoS 1, with at most K
// (default 1) publishes awaiting their PUBACK, for S seconds (default 15). Each publish→PUBACK time is
// recorded; the PUBACK is sent only after the commit. The load first runs W s (default 2) of warm-up — JIT,
// caches, the database's buffers — whose messages are sent, acknowledged and stored like the others but not
// timed: rate and latencies are those of the S measured seconds (publishes started in them). When the time
// is up no more is sent, what is in flight is awaited (at most 10 s), and the readings in the database are
// counted. The load runs in this process, apart from the server's event loop, as devices would.
//
// Prints ONE JSON line: {"bench":"ingest","db","devices","seconds","inflight","warmup_s",
//   "host_round_trip_us","sent","acked","stored","messages_per_s","p50_ack_ms","p99_ack_ms",
//   "server_cpu_us_per_msg","db_cpu_us_per_msg","load_cpu_us_per_msg","host_busy_pct"}.
// sent / acked / stored count every message, warm-up included (stored must equal acked);
// messages_per_s = PUBACKs received in the measured S seconds / S. The last four (Linux only, else
// null) are for reading the others: the CPU time the server process, its PostgreSQL backends (null
// on PGlite, which runs inside the server) and this load process spent per acknowledged message in
// the measured seconds, and how busy all of the host's cores were meanwhile — on a host shared with
// other work (tests, builds), a busy host explains slow figures that a cheaper server would not.
// "host_round_trip_us", measured before the runs (bench/support/host-probe.mjs), is what this host
// charges for a loopback ping and its echo: the ingest makes such socket calls for every message,
// so it bounds any server's rate here, whatever the host's plain computing speed.
//
// With --moulds the storing path is measured first, then the judged one, each against a fresh server,
// and the line holds the judged run's figures with the storing run's beside them ("storing_messages_per_s",
// "storing_p99_ack_ms", "storing_server_cpu_us_per_msg", "storing_db_cpu_us_per_msg") and their ratio
// "judged_to_storing" (DESIGN §10: ≥ 0.75 in the same run). --pairs P (default 1) measures the two paths
// P times, alternately, and prints the pair of the median ratio with every pair's ratio ("pair_ratios") and
// judged messages/s and p99 ack ("pair_judged"):
// on a host whose speed drifts from one half-minute to the next, one pair's ratio spreads by ±0.1 or more. Whether the engines kept up: "unjudged_at_stop",
// the readings the alarm engine had not judged yet once the last acknowledgement came, and
// "judged_caught_up_ms", how long after that every reading was applied and judged (the `judged` command
// of bench/support/server.impl.ts) — a rate bought by letting the engines fall behind would show there.
//
// In-flight setting: the load is closed-loop, so messages_per_s ≈ N·K / mean latency. Once the server is
// saturated a larger K only adds latency; K = 1 (one outstanding publish per device, N in flight) is
// the setting that keeps p99 lowest at a given rate.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';
import { quantile, round, startBenchServer } from './support/server.mjs';
import { loopbackRoundTripUs } from './support/host-probe.mjs';
import { connectLeanDevice } from './support/lean-mqtt-device.mjs';
import { fromProc, processCpuMs } from './support/proc.mjs';
import { judgedCycle } from './support/typescript-bench.mjs';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: process.env.DATABASE_URL ? 'postgres' : 'pglite' },
    devices: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '15' },
    inflight: { type: 'string', default: '1' },
    warmup: { type: 'string', default: '2' },
    // Each device bound to a monitored mould with alarm settings: the state and alarm engines judge every reading.
    moulds: { type: 'boolean', default: false },
    // With --moulds: storing and judged runs this many times, alternately.
    pairs: { type: 'string', default: '1' },
    // The devices' client: lean (bench/support/lean-mqtt-device.mjs) or mqttjs.
    load: { type: 'string', default: 'lean' },
  },
});
const db = values.db === 'postgres' ? 'postgres' : 'pglite';
const deviceCount = Math.max(1, Number(values.devices));
const seconds = Math.max(1, Number(values.seconds));
const inflight = Math.max(1, Number(values.inflight));
const warmupS = Math.max(0, Number(values.warmup));
const pairCount = Math.max(1, Math.floor(Number(values.pairs)));
if (!['lean', 'mqttjs'].includes(values.load)) throw new Error(`--load: lean or mqttjs, not ${values.load}`);
const DRAIN_MS = 10_000;

/** The host's busy and total CPU ticks, all cores. */
const hostTicks = () =>
  fromProc(() => {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const idle = ticks[3] + ticks[4];
    const total = ticks.slice(0, 8).reduce((sum, tick) => sum + tick, 0);
    return { busy: total - idle, total };
  });
/** The server: the one child process of this one. */
const serverPid = () =>
  fromProc(() =>
    Number(readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8').trim().split(' ')[0]),
  );

/**
 * One device's connection: `publish(topic, payload, done)` at QoS 1, `end()`, `destroy()`. The lean
 * device by default; `--load mqttjs` for mqtt.js's client, whose own CPU the host's cores then share
 * with the server.
 */
async function connectDevice(port, deviceNo, token) {
  const identity = { clientId: `bench-${deviceNo}`, username: deviceNo, password: token };
  if (values.load === 'lean') return connectLeanDevice({ port, ...identity });
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
    ...identity,
    protocolVersion: 4,
    reconnectPeriod: 0,
    connectTimeout: 30_000,
  });
  return {
    publish: (topic, payload, done) => client.publish(topic, payload, { qos: 1 }, done),
    end: () => client.endAsync(),
    destroy: () => client.end(true),
  };
}

/** One measured run against a fresh server; `moulds`: every device bound to a monitored mould. */
async function measure(moulds) {
  const server = await startBenchServer({ db, devices: deviceCount, moulds });
  let clients = [];
  try {
    clients = await Promise.all(
      server.devices.map(async ({ device_no, token }) => ({
        client: await connectDevice(server.mqttPort, device_no, token),
        deviceNo: device_no,
        topic: `devices/${device_no}/telemetry`,
        seq: 0,
        inflight: 0,
      })),
    );

    const latencies = [];
    let sent = 0;
    let acked = 0;
    let failed = 0;
    let stopped = false;
    let measuring = false;
    let stoppedAt = Infinity;
    let ackedInWindow = 0;
    let wakeDrained;
    const drained = new Promise((resolve) => (wakeDrained = resolve));
    const outstanding = () => sent - acked - failed;

    const message = (seq, now) => JSON.stringify(judgedCycle(seq, Math.floor(now / 1000)));

    const publish = (device) => {
      const seq = device.seq++;
      device.inflight += 1;
      sent += 1;
      const startedAt = performance.now();
      const timed = measuring;
      device.client.publish(device.topic, message(seq, Date.now()), (error) => {
        device.inflight -= 1;
        if (error) failed += 1;
        else {
          acked += 1;
          const now = performance.now();
          if (measuring && now <= stoppedAt) ackedInWindow += 1;
          if (timed) latencies.push(now - startedAt);
        }
        if (!stopped) pump(device);
        else if (outstanding() === 0) wakeDrained();
      });
    };
    const pump = (device) => {
      while (!stopped && device.inflight < inflight) publish(device);
    };

    clients.forEach(pump);
    await new Promise((resolve) => setTimeout(resolve, warmupS * 1000));
    measuring = true;
    const pid = serverPid();
    const cpuAtStart = {
      server: pid && processCpuMs(pid),
      load: process.cpuUsage(),
      host: hostTicks(),
      db: (await server.command('db-cpu')).ms,
    };
    const startedAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    stopped = true;
    stoppedAt = performance.now();
    const serverCpuMs = pid && cpuAtStart.server !== null ? processCpuMs(pid) - cpuAtStart.server : null;
    const loadCpu = process.cpuUsage(cpuAtStart.load);
    const host = hostTicks();
    const dbCpuMs = cpuAtStart.db === null ? null : (await server.command('db-cpu')).ms - cpuAtStart.db;
    if (outstanding() > 0) await Promise.race([drained, new Promise((resolve) => setTimeout(resolve, DRAIN_MS))]);
    const judged = moulds ? await server.command('judged') : null;
    const elapsedS = (stoppedAt - startedAt) / 1000;
    await Promise.all(clients.map(({ client }) => client.end()));
    clients = [];
    const { stored } = await server.command('count');
    if (process.env.BENCH_DIAG) console.error(JSON.stringify(await server.command('diag')));

    return {
      sent,
      acked,
      stored,
      ...(failed ? { failed } : {}),
      messages_per_s: Math.round(ackedInWindow / elapsedS),
      p50_ack_ms: round(quantile(latencies, 0.5)),
      p99_ack_ms: round(quantile(latencies, 0.99)),
      server_cpu_us_per_msg: serverCpuMs === null ? null : Math.round((1000 * serverCpuMs) / ackedInWindow),
      db_cpu_us_per_msg: dbCpuMs === null ? null : Math.round((1000 * dbCpuMs) / ackedInWindow),
      load_cpu_us_per_msg: Math.round((loadCpu.user + loadCpu.system) / ackedInWindow),
      ...(judged ? { unjudged_at_stop: judged.unjudged, judged_caught_up_ms: judged.caught_up_ms } : {}),
      host_busy_pct:
        host && cpuAtStart.host
          ? Math.round((100 * (host.busy - cpuAtStart.host.busy)) / (host.total - cpuAtStart.host.total))
          : null,
    };
  } finally {
    for (const { client } of clients) client.destroy();
    await server.stop();
  }
}

const settings = {
  db,
  devices: deviceCount,
  seconds,
  inflight,
  warmup_s: warmupS,
  host_round_trip_us: await loopbackRoundTripUs(),
};
if (values.moulds) {
  // The storing path first, then the judged one: their ratio is the figure a shared host disturbs least.
  const pairs = [];
  for (let pair = 0; pair < pairCount; pair += 1) {
    const storing = await measure(false);
    const judged = await measure(true);
    pairs.push({ storing, judged, ratio: Math.round((100 * judged.messages_per_s) / storing.messages_per_s) / 100 });
  }
  const { storing, judged, ratio } = pairs.toSorted((a, b) => a.ratio - b.ratio)[Math.floor((pairCount - 1) / 2)];
  console.log(
    JSON.stringify({
      bench: 'ingest',
      moulds: true,
      ...settings,
      ...judged,
      storing_messages_per_s: storing.messages_per_s,
      storing_p99_ack_ms: storing.p99_ack_ms,
      storing_server_cpu_us_per_msg: storing.server_cpu_us_per_msg,
      storing_db_cpu_us_per_msg: storing.db_cpu_us_per_msg,
      judged_to_storing: ratio,
      ...(pairCount > 1
        ? {
            pair_ratios: pairs.map((pair) => pair.ratio),
            // Each pair's judged rate and p99: the budget is of those, the ratio only reads them.
            pair_judged: pairs.map((pair) => [pair.judged.messages_per_s, pair.judged.p99_ack_ms]),
          }
        : {}),
    }),
  );
} else {
  console.log(JSON.stringify({ bench: 'ingest', moulds: false, ...settings, ...(await measure(false)) }));
}
