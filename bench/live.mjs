// `npm run bench -- live [--db pglite|postgres] [--rate R] [--seconds S] [--warmup W]`
//
// Device message → notice on a browser socket. Budget (DESIGN §10): p99 ≤ 50 ms at 1,000 messages/s.
//
// How: bench/support/server.mjs starts the real server from the TypeScript sources (tsx) in a child
// process (PGlite in a temp dir by default; --db postgres as in bench/ingest.mjs), with an admin, a
// mould granted to the admin and one device bound to it. In this process, the admin logs in on the
// live channel /ws ({type:'login', token}) and follows the mould ({type:'info', mold_id}); the device
// (mqtt.js, QoS 1) then publishes R messages/s (default 1,000) for W + S seconds (W = 2 s of warm-up
// by default, whose messages are not timed; S = 10 by default), paced against the clock every 5 ms. Each message's seq is matched with the {type:'info', code:200,
// mold_id, data:{seq,…}} the server pushes after the reading is committed; latency = publish call →
// socket receive, both timed here on one clock. Messages still missing 5 s after the last publish
// count as lost.
//
// Prints ONE JSON line: {"bench":"live","db","rate_per_s","seconds","warmup_s","sent","acked","received",
// "p50_ms","p99_ms"}: rate_per_s is the rate achieved (sent / publishing time); sent, acked, received count
// every message, warm-up included; p50 / p99 are over the messages of the measured S seconds.
import { parseArgs } from 'node:util';
import { WebSocket } from 'ws';
import { connectDevice, quantile, round, startBenchServer, cycleReading } from './support/server.mjs';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    rate: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
  },
});
const db = values.db === 'postgres' ? 'postgres' : 'pglite';
const rate = Math.max(1, Number(values.rate));
const seconds = Math.max(1, Number(values.seconds));
const warmupS = Math.max(0, Number(values.warmup));
const TICK_MS = 5;
const SETTLE_MS = 5_000;

// One device carries the whole stream, far above what a device may send (DEVICE_RATE_LIMIT): the
// limit is raised for it, so that this measures the path to the browser, not the rate limit.
const server = await startBenchServer({ db, devices: 1, live: true, deviceRateLimit: Math.ceil(rate * 2) });
let socket;
let client;
try {
  const sentAt = new Map();
  const latencies = [];
  let received = 0;
  let wakeAll;
  const allReceived = new Promise((resolve) => (wakeAll = resolve));
  let sent = 0;
  const warmupCount = Math.round(rate * warmupS);
  let publishing = true;

  // The browser's socket: log in, follow the mould.
  socket = new WebSocket(`${server.httpUrl.replace(/^http/, 'ws')}/ws`);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const answers = [];
  socket.on('message', (data) => {
    const now = performance.now();
    const message = JSON.parse(data.toString());
    if (message.type === 'info' && message.data && message.mold_id === server.moldId) {
      const startedAt = sentAt.get(message.data.seq);
      if (startedAt === undefined) return;
      sentAt.delete(message.data.seq);
      if (message.data.seq >= warmupCount) latencies.push(now - startedAt);
      received += 1;
      if (!publishing && sentAt.size === 0) wakeAll();
    } else answers.push(message);
  });
  const answer = async (type) => {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const index = answers.findIndex((message) => message.type === type);
      if (index >= 0) return answers.splice(index, 1)[0];
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no ${type} answer on /ws: ${JSON.stringify(answers)}`);
  };
  socket.send(JSON.stringify({ type: 'login', token: server.adminToken }));
  const login = await answer('login');
  if (login.code !== 200) throw new Error(`live login failed: ${JSON.stringify(login)}`);
  socket.send(JSON.stringify({ type: 'info', mold_id: server.moldId }));
  const follow = await answer('info');
  if (follow.code !== 200) throw new Error(`following the mould failed: ${JSON.stringify(follow)}`);

  // The device.
  const [{ device_no, token }] = server.devices;
  client = await connectDevice(server.mqttPort, { device_no, token });
  const topic = `devices/${device_no}/telemetry`;
  let acked = 0;

  const total = Math.round(rate * (warmupS + seconds));
  const startedAt = performance.now();
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - startedAt) / 1000) * rate));
      while (sent < due) {
        const seq = sent++;
        sentAt.set(seq, performance.now());
        client.publish(topic, cycleReading(seq), { qos: 1 }, (error) => {
          if (!error) acked += 1;
        });
      }
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, TICK_MS);
  });
  const publishS = (performance.now() - startedAt) / 1000;
  publishing = false;
  if (sentAt.size > 0) await Promise.race([allReceived, new Promise((resolve) => setTimeout(resolve, SETTLE_MS))]);
  // Let the last PUBACKs arrive (they may follow the pushes).
  for (let wait = 0; acked < sent && wait < 100; wait += 1) await new Promise((resolve) => setTimeout(resolve, 20));
  if (process.env.BENCH_DIAG) {
    console.error(JSON.stringify(await server.command('diag')));
  }

  console.log(
    JSON.stringify({
      bench: 'live',
      db,
      rate_per_s: Math.round(sent / publishS),
      seconds,
      warmup_s: warmupS,
      sent,
      acked,
      received,
      p50_ms: round(quantile(latencies, 0.5)),
      p99_ms: round(quantile(latencies, 0.99)),
    }),
  );
} finally {
  socket?.terminate();
  if (client) await client.endAsync().catch(() => client.end(true));
  await server.stop();
}
