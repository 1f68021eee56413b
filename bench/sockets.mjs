// `npm run bench -- sockets [--db pglite|postgres] [--sockets N] [--users U] [--moulds M] [--page P]
//   [--seconds S] [--warmup W] [--workers K]`
//
// Logged-in sockets, each watching a home list whose figures change once a second. Budget (DESIGN
// §10): 10,000 sockets with server RSS ≤ 1 GB and push p99 ≤ 1 s.
//
// How: bench/support/server.mjs starts the real server from the TypeScript sources (tsx) in a child
// process (PGlite in a temp dir by default; --db postgres in a fresh schema), with M monitored moulds
// (default 200), each bound to a device of its own (--moulds of server.impl.ts), and U users
// (default 100) of the admin's role, each granted every mould, with a JWT each made by the server's
// own token issuer (`home-users`: no login, so no login throttling). N sockets (default 10,000) are
// opened on /ws by K worker threads (default one per 2,500 sockets, bench/support/socket-clients.mjs),
// so that this process's event loop is not the bottleneck; socket i belongs to user i mod U and does
// what the console's home screen does: login {token, time_zone}, a ping at once and every 20 s, and
// `list` with the P moulds on screen (default 20, what the cards view watches at 1440 × 900: 4
// columns × 5 lines with the overscan), a page starting at mould (i × P) mod M. Every device then
// publishes a cycle reading once a second (mqtt.js, QoS 1, the devices' phases spread over the
// second, counter + 1 each time), so the state engine's figures of every mould change once a second
// and each socket's list receives P `list` pushes a second (the live hub sends a watched mould's new
// figures at most once a second). The devices start 5 s before the sockets open: a mould's first
// reading is a change of state, pushed to every socket of every user who may see the mould (M × N
// pushes if it came with the sockets open), and a running plant's moulds have a status already. After W seconds of warm-up (default 10), S seconds (default 30)
// are measured: push latency = the reading's publish call (this process) → the `list` push carrying
// its counter received on a socket (a worker), both on the wall clock the threads share; p50 / p99
// over every push of every socket whose reading was published in the window. A reading superseded
// by the next one before the hub's once-a-second send is not pushed (and not timed): pushes_per_s
// against expected_per_s (N × P) shows how many got through. Server RSS = VmRSS of the server's
// process, read from /proc every second of the window (its mean and max); rss_idle_mb before any
// socket. Event-loop delay: the server has no metrics endpoint, so bench/support/server.impl.ts runs
// perf_hooks.monitorEventLoopDelay in the server's process (`loop-delay`), reset at the window's
// start. CPU of the server's process and of this one (the devices and every worker thread) over the
// window, in % of one core: on a 2-core machine the clients compete with the server, and a client
// side near its share tells that the figures measure the clients as much as the server; the server's
// CPU per push received (all its work in the window — ingest, state engine, pings — over the pushes)
// is what a busy host changes least. Load
// average (1 min) at the end: the machine is shared.
//
// Prints ONE JSON line: {"bench":"sockets","db","sockets","logged_in","users","moulds","page",
// "seconds","readings","pushes","pushes_per_s","expected_per_s","unmatched","states":{state:pushes},"closed","p50_ms","p99_ms",
// "max_ms","rss_idle_mb","rss_mb","rss_max_mb",
// "memory_mb":{rss_mb,heap_total_mb,heap_used_mb,external_mb,array_buffers_mb} (at the window's end),"loop_delay":{p50_ms,p99_ms,max_ms,mean_ms},"server_cpu_pct",
// "clients_cpu_pct","server_cpu_us_per_push","load_avg"}
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { connectDevice, startBenchServer, cycleReading } from './support/server.mjs';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    sockets: { type: 'string', default: '10000' },
    users: { type: 'string', default: '100' },
    moulds: { type: 'string', default: '200' },
    page: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '10' },
    workers: { type: 'string' },
  },
});
const db = values.db === 'postgres' ? 'postgres' : 'pglite';
const socketCount = Math.max(1, Number(values.sockets));
const userCount = Math.max(1, Math.min(socketCount, Number(values.users)));
const mouldCount = Math.max(1, Number(values.moulds));
const page = Math.max(1, Math.min(mouldCount, Number(values.page)));
const seconds = Math.max(1, Number(values.seconds));
const warmupS = Math.max(0, Number(values.warmup));
const workerCount = Math.max(1, Number(values.workers ?? Math.ceil(socketCount / 2500)));
const now = () => performance.timeOrigin + performance.now();
const TICK_MS = 20;
const FIRST_READINGS_MS = 5000;
const say = (line) => process.stderr.write(`[sockets] ${line}\n`);

/** VmRSS of a process in MB, from /proc (Linux). */
function rssMb(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : null;
}

/** CPU time (user + system) a process has spent, in ms, from /proc (Linux; clock ticks of 10 ms). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The q-th quantile (nearest rank) of a histogram of 1 ms bins. */
function binQuantile(histogram, total, q) {
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (let bin = 0; bin < histogram.length; bin += 1) {
    seen += histogram[bin];
    if (seen >= rank) return bin + 1;
  }
  return histogram.length;
}

const server = await startBenchServer({ db, devices: mouldCount, moulds: true });
const workers = [];
const devices = [];
let ticker;
try {
  const { tokens, moldIds } = await server.command(`home-users ${userCount}`);
  // The devices: one reading a second each, their phases spread over the second.
  for (const device of server.devices) devices.push(await connectDevice(server.mqttPort, device));
  let readings = 0;
  const deviceStart = now();
  const nextAt = devices.map((_, index) => deviceStart + (index * 1000) / devices.length);
  const sent = devices.map(() => 0);
  ticker = setInterval(() => {
    const published = [];
    const at = now();
    for (const [index, client] of devices.entries()) {
      if (nextAt[index] > at) continue;
      nextAt[index] += 1000;
      const seq = sent[index]++;
      const counter = 1000 + seq;
      const { device_no, mold_id } = server.devices[index];
      const publishAt = now();
      client.publish(`devices/${device_no}/telemetry`, cycleReading(seq, counter), { qos: 1 });
      published.push([mold_id, counter, publishAt]);
    }
    if (published.length === 0) return;
    for (const worker of workers) worker.postMessage({ type: 'published', readings: published });
  }, TICK_MS);
  // A mould's first reading is a change of state, which goes to every socket of every user who may
  // see it: taken in before the sockets open, as a running plant's moulds have a status already.
  await new Promise((resolve) => setTimeout(resolve, FIRST_READINGS_MS));
  const rssIdle = rssMb(server.pid);
  say(`${mouldCount} moulds, ${userCount} users; server RSS ${rssIdle} MB before any socket`);

  // The sockets: user i mod U, page of P moulds from (i × P) mod M, shared out among the workers.
  const plans = Array.from({ length: workerCount }, () => []);
  for (let index = 0; index < socketCount; index += 1) {
    const start = (index * page) % mouldCount;
    const pageIds = Array.from({ length: page }, (_, offset) => moldIds[(start + offset) % mouldCount]);
    plans[index % workerCount].push({ token: tokens[index % userCount], page: pageIds });
  }
  const wsUrl = `${server.httpUrl.replace(/^http/, 'ws')}/ws`;
  const progress = new Map();
  const loggedInAll = Promise.all(
    plans.map(
      (sockets, index) =>
        new Promise((resolve, reject) => {
          const worker = new Worker(new URL('./support/socket-clients.mjs', import.meta.url), {
            workerData: { wsUrl, sockets, concurrency: 25 },
          });
          workers.push(worker);
          worker.on('error', reject);
          worker.on('message', (message) => {
            if (message.type !== 'progress') return;
            progress.set(index, message);
            if (message.done) resolve();
          });
        }),
    ),
  );
  const opening = setInterval(() => {
    const counts = [...progress.values()];
    const loggedIn = counts.reduce((sum, count) => sum + count.loggedIn, 0);
    say(`${loggedIn} / ${socketCount} sockets logged in, RSS ${rssMb(server.pid)} MB`);
  }, 5000);
  const openStarted = performance.now();
  await loggedInAll;
  clearInterval(opening);
  const loggedIn = [...progress.values()].reduce((sum, count) => sum + count.loggedIn, 0);
  say(`${loggedIn} sockets logged in in ${Math.round((performance.now() - openStarted) / 1000)} s`);

  await new Promise((resolve) => setTimeout(resolve, warmupS * 1000));
  const from = now();
  for (const worker of workers) worker.postMessage({ type: 'measure', from });
  await server.command('loop-delay');
  // BENCH_DIAG=session: what held the embedded database's session in the window, and who waited (stderr).
  if (process.env.BENCH_DIAG) await server.command('diag');
  const cpuAtStart = { server: cpuMs(server.pid), clients: cpuMs(process.pid) };
  const readingsAtStart = sent.reduce((sum, count) => sum + count, 0);
  const rss = [];
  for (let second = 0; second < seconds; second += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    rss.push(rssMb(server.pid));
  }
  const loopDelay = await server.command('loop-delay');
  const memory = await server.command('memory');
  if (process.env.BENCH_DIAG) await server.command('diag');
  readings = sent.reduce((sum, count) => sum + count, 0) - readingsAtStart;
  const until = now();
  const cpu = { server: cpuMs(server.pid) - cpuAtStart.server, clients: cpuMs(process.pid) - cpuAtStart.clients };
  for (const worker of workers) worker.postMessage({ type: 'until', at: until });
  const windowS = (until - from) / 1000;
  // The last second's readings get their pushes before the figures are counted.
  clearInterval(ticker);
  await new Promise((resolve) => setTimeout(resolve, 2000));

  const reports = await Promise.all(
    workers.map(
      (worker) =>
        new Promise((resolve, reject) => {
          const onExit = (code) => reject(new Error(`a client worker exited (${code}) before its report`));
          const onMessage = (message) => {
            if (message.type !== 'report') return;
            worker.off('message', onMessage).off('exit', onExit);
            resolve(message);
          };
          worker.on('message', onMessage).once('exit', onExit);
          worker.postMessage({ type: 'report' });
        }),
    ),
  );
  const histogram = new Float64Array(reports[0].histogram.length);
  for (const report of reports) for (const [bin, count] of report.histogram.entries()) histogram[bin] += count;
  const sum = (name) => reports.reduce((total, report) => total + report[name], 0);
  const timed = sum('timed');
  let maxBin = 0;
  for (let bin = 0; bin < histogram.length; bin += 1) if (histogram[bin] > 0) maxBin = bin + 1;

  console.log(
    JSON.stringify({
      bench: 'sockets',
      db,
      sockets: socketCount,
      logged_in: sum('loggedIn'),
      users: userCount,
      moulds: mouldCount,
      page,
      seconds,
      readings,
      pushes: sum('pushes'),
      pushes_per_s: Math.round(sum('pushes') / windowS),
      expected_per_s: socketCount * page,
      timed,
      unmatched: sum('unmatched'),
      states: reports.reduce((all, report) => {
        for (const [state, count] of Object.entries(report.states)) all[state] = (all[state] ?? 0) + count;
        return all;
      }, {}),
      closed: sum('closedAfterLogin'),
      p50_ms: binQuantile(histogram, timed, 0.5),
      p99_ms: binQuantile(histogram, timed, 0.99),
      max_ms: maxBin,
      rss_idle_mb: rssIdle,
      rss_mb: Math.round(rss.reduce((total, value) => total + value, 0) / rss.length),
      rss_max_mb: Math.max(...rss),
      memory_mb: memory,
      loop_delay: loopDelay,
      server_cpu_pct: Math.round(cpu.server / windowS / 10),
      clients_cpu_pct: Math.round(cpu.clients / windowS / 10),
      server_cpu_us_per_push: sum('pushes') > 0 ? Math.round((cpu.server * 1000) / sum('pushes')) : null,
      load_avg: Math.round(loadavg()[0] * 100) / 100,
    }),
  );
} finally {
  clearInterval(ticker);
  // Abruptly, as the measuring is over: a worker or device left waiting must not keep the run from ending.
  await Promise.all(workers.map((worker) => worker.terminate()));
  for (const client of devices) client.end(true);
  await server.stop();
}
