// A worker thread of bench/sockets.mjs: opens its share of the live sockets, each as the console's
// home screen does (web/src/lib/liveSocket.ts, web/src/features/home/live.ts): login with the token
// and a time zone, a ping at once and every 20 s, then `list` with the moulds on screen. It times
// every `list` push against the publish time of the reading it carries (matched by mould and
// counter; the parent posts each reading's publish time), on the wall clock that both threads share
// (performance.timeOrigin + performance.now()).
//
// workerData: {wsUrl, sockets: [{token, page: [moldId, …]}], concurrency}
// Parent → worker: {type:'published', readings: [[moldId, counter, at], …]}, {type:'measure', from}
//   (the window opens), {type:'until', at} (it closes: later pushes are not counted, later readings
//   not timed), {type:'report'}. The parent terminates the worker at the end.
// Worker → parent: {type:'progress', loggedIn, failed}, {type:'report', …figures}.
import { parentPort, workerData } from 'node:worker_threads';
import { WebSocket } from 'ws';

const { wsUrl, sockets: plan, concurrency } = workerData;
const now = () => performance.timeOrigin + performance.now();
const PING_MS = 20_000;
/** Push latencies in 1 ms bins up to a minute (later ones in the last bin). */
const BINS = 60_000;

/** Publish time of each reading: mould id × 2^24 + counter → epoch ms. */
const publishedAt = new Map();
const key = (moldId, counter) => moldId * 16_777_216 + counter;
let measureFrom = Infinity;
let measureUntil = Infinity;
const histogram = new Uint32Array(BINS);
let timed = 0;
let pushes = 0;
let unmatched = 0;
/** Pushes in the window by the state they carry (and ' offline' when the mould is offline). */
const states = {};
let loggedIn = 0;
let failed = 0;
let closedAfterLogin = 0;
const sockets = [];
const timers = [];

function onPush(status, at) {
  if (at < measureFrom) return;
  if (at < measureUntil) {
    pushes += 1;
    const state = `${status?.state}${status?.online === false ? ' offline' : ''}`;
    states[state] = (states[state] ?? 0) + 1;
  }
  if (typeof status?.counter !== 'number') return;
  const publishAt = publishedAt.get(key(status.id, status.counter));
  if (publishAt === undefined) {
    unmatched += 1;
    return;
  }
  // Only readings published in the measured window are timed (not the warm-up's).
  if (publishAt < measureFrom || publishAt >= measureUntil) return;
  histogram[Math.min(BINS - 1, Math.floor(at - publishAt))] += 1;
  timed += 1;
}

function open({ token, page }) {
  return new Promise((resolve) => {
    const socket = new WebSocket(wsUrl);
    sockets.push(socket);
    let done = false;
    const settle = (ok) => {
      if (done) return;
      done = true;
      if (ok) loggedIn += 1;
      else failed += 1;
      resolve();
    };
    socket.on('open', () => socket.send(JSON.stringify({ type: 'login', token, time_zone: 'UTC' })));
    socket.on('message', (data) => {
      const at = now();
      const message = JSON.parse(data.toString());
      if (message.type === 'list') onPush(message.data, at);
      else if (message.type === 'login') {
        if (message.code !== 200) return settle(false);
        socket.send('{"type":"ping"}');
        timers.push(setInterval(() => socket.readyState === WebSocket.OPEN && socket.send('{"type":"ping"}'), PING_MS));
        socket.send(JSON.stringify({ type: 'list', mold_ids: page }));
        settle(true);
      }
    });
    socket.on('error', () => settle(false));
    socket.on('close', () => {
      if (done) closedAfterLogin += 1;
      settle(false);
    });
  });
}

parentPort.on('message', (message) => {
  if (message.type === 'published') {
    for (const [moldId, counter, at] of message.readings) publishedAt.set(key(moldId, counter), at);
  } else if (message.type === 'measure') {
    measureFrom = message.from;
  } else if (message.type === 'until') {
    measureUntil = message.at;
  } else if (message.type === 'report') {
    const report = { histogram, timed, pushes, unmatched, states, loggedIn, failed, closedAfterLogin };
    parentPort.postMessage({ type: 'report', ...report });
  }
});

// Logins a few at a time, as a crowd of consoles would arrive.
let next = 0;
const progress = setInterval(() => parentPort.postMessage({ type: 'progress', loggedIn, failed }), 500);
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < plan.length) await open(plan[next++]);
  }),
);
clearInterval(progress);
parentPort.postMessage({ type: 'progress', loggedIn, failed, done: true });
