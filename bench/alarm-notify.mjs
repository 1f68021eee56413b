// `npm run bench -- alarm-notify [--db pglite|postgres] [--trials N] [--rate R] [--backlog H]`
//
// A reading over a bound → an alarm popup's notice on an open console socket. Budget (DESIGN §10):
// p99 ≤ 1 s, with alarms evaluated.
//
// How: bench/support/server.mjs starts the real server (as bench/live.mjs) with an admin, a mould
// granted to the admin and its device; the mould is made monitored with one temperature channel
// (40 °C ± 5). The admin logs in on /ws. Meanwhile the device sends R ordinary readings a second
// (default 50, without temperatures). Each of N trials (default 40): three readings at 60 °C (the
// temperature rule opens after three consecutive readings beyond the bound), then the time from the
// publish of the third to the {type:'notify', notify_type:3} on the socket; then a reading at 40 °C
// closes the alarm before the next trial.
//
// --backlog H: meanwhile a second monitored mould's device, which has just reported, uploads the H
// hours before that (a reading every 12 s) newest first, 100 readings a message, 5 messages a second:
// every message is late, and each re-judges that mould from its readings to now (up to 20,000).
// The figures then say what a device misbehaving that way does to everyone else's alarms.
//
// Prints ONE JSON line: {"bench":"alarm-notify","db","trials","rate_per_s","backlog_hours","backlog_sent",
// "received","p50_ms","p99_ms","max_ms"}.
import { parseArgs } from 'node:util';
import { WebSocket } from 'ws';
import { connectDevice, quantile, round, startBenchServer } from './support/server.mjs';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: process.env.DATABASE_URL ? 'postgres' : 'pglite' },
    trials: { type: 'string', default: '40' },
    rate: { type: 'string', default: '50' },
    backlog: { type: 'string', default: '0' },
  },
});
const db = values.db === 'postgres' ? 'postgres' : 'pglite';
const trials = Math.max(1, Number(values.trials));
const rate = Math.max(0, Number(values.rate));
const backlogHours = Math.max(0, Number(values.backlog));
const NOTICE_TIMEOUT_MS = 5_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const server = await startBenchServer({
  db,
  devices: backlogHours > 0 ? 2 : 1,
  live: true,
  moulds: backlogHours > 0,
  deviceRateLimit: Math.ceil(rate * 2) + 100,
});
let socket;
let client;
let background;
let backlog;
try {
  await server.command('monitor');
  socket = new WebSocket(`${server.httpUrl.replace(/^http/, 'ws')}/ws`);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let waiting;
  const answers = [];
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    if (message.type === 'notify' && message.notify_type === 3) waiting?.(performance.now());
    else answers.push(message);
  });
  socket.send(JSON.stringify({ type: 'login', token: server.adminToken }));
  for (let attempt = 0; attempt < 100 && !answers.some((message) => message.type === 'login'); attempt += 1)
    await sleep(50);
  if (answers.find((message) => message.type === 'login')?.code !== 200) throw new Error('live login failed');

  const [{ device_no, token }] = server.devices;
  client = await connectDevice(server.mqttPort, { device_no, token });
  const topic = `devices/${device_no}/telemetry`;
  // Readings carry the device's clock (seconds): several share a second, judged in the order sent.
  let seq = 0;
  const publish = (temp) =>
    client.publish(
      topic,
      JSON.stringify({
        seq: seq++,
        ts: Math.floor(Date.now() / 1000),
        event: 'cycle',
        cycle_time: 30,
        mold_temp: temp === null ? null : [temp, null, null, null],
      }),
      { qos: 1 },
    );
  // Without temperatures: they neither count towards nor break the run of readings over the bound.
  if (rate > 0) background = setInterval(() => publish(null), 1000 / rate);
  if (backlogHours > 0) backlog = await uploadBacklogNewestFirst(server.devices[1], backlogHours);

  const latencies = [];
  for (let trial = 0; trial < trials; trial += 1) {
    publish(60);
    publish(60);
    await sleep(20);
    const notified = new Promise((resolve) => {
      waiting = resolve;
      setTimeout(() => resolve(null), NOTICE_TIMEOUT_MS);
    });
    const sentAt = performance.now();
    publish(60);
    const at = await notified;
    waiting = undefined;
    if (at !== null) latencies.push(at - sentAt);
    publish(40);
    await sleep(300);
  }

  console.log(
    JSON.stringify({
      bench: 'alarm-notify',
      db,
      trials,
      rate_per_s: rate,
      backlog_hours: backlogHours,
      backlog_sent: backlog?.sent() ?? 0,
      received: latencies.length,
      p50_ms: round(quantile(latencies, 0.5)),
      p99_ms: round(quantile(latencies, 0.99)),
      max_ms: round(Math.max(...latencies)),
    }),
  );
} finally {
  clearInterval(background);
  backlog?.stop();
  client?.end(true);
  socket?.close();
  await server.stop();
}

/**
 * The second device (bench/support: bound to a monitored mould whose settings its readings keep
 * within) reports now, then sends the `hours` before, newest first, 100 readings a message every
 * 200 ms. Answers how many readings it sent so far, and a stop.
 */
async function uploadBacklogNewestFirst({ device_no, token }, hours) {
  const device = await connectDevice(server.mqttPort, { device_no, token });
  const topic = `devices/${device_no}/telemetry`;
  const now = Math.floor(Date.now() / 1000);
  let seq = 0;
  const reading = (ts) => ({
    seq: seq++,
    ts,
    event: 'cycle',
    cycle_time: 30.5,
    mold_temp: [41, 42, 41, null],
    hrs_temp: [220, 221, 220, 220, null, null],
  });
  await device.publishAsync(topic, JSON.stringify(reading(now)), { qos: 1 });
  const PER_MESSAGE = 100;
  const STEP_S = 12;
  const total = Math.floor((hours * 3600) / STEP_S);
  let sent = 0;
  const timer = setInterval(() => {
    if (sent >= total) return clearInterval(timer);
    const batch = [];
    for (let index = 0; index < PER_MESSAGE && sent < total; index += 1) batch.push(reading(now - STEP_S * ++sent));
    device.publish(topic, JSON.stringify(batch), { qos: 1 });
  }, 200);
  return {
    sent: () => sent,
    stop: () => {
      clearInterval(timer);
      device.end(true);
    },
  };
}
