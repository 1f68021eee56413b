import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import mqtt, { type MqttClient } from 'mqtt';
import WebSocket from 'ws';
import { moldInfoSchema, telemetryTopic } from '@mouldwatch/shared';
import {
  startPrivatePostgres,
  startPrivateRabbitMq,
  startPrivateRedis,
  type PrivateRabbitMq,
  type PrivateService,
} from './private-services.js';
import { startServerProcess, type ServerProcess } from './server-process.js';
import { withClient } from './eventually.js';

/**
 * The soak (`npm run bench -- soak`, and a short one in server/test/soak.test.ts): two instances
 * on a PostgreSQL, a Redis and a RabbitMQ of their own (devices publish to its MQTT plugin, the
 * instances consume one queue), simulated devices, logged-in sockets and a steady mix of API
 * calls, with a fault every sixth of the run: an instance SIGKILLed (and started again), PostgreSQL
 * stopped 20 s, Redis stopped 20 s, the broker restarted. Its figures: every reading the broker
 * acknowledged stored once, errors outside the faults, latencies and memory per window.
 */
export interface SoakOptions {
  minutes: number;
  /** Devices at a mould's normal rate (a reading per cycle, 20–40 s). */
  devices: number;
  /** Readings a second of the one fast device. */
  fastRate: number;
  /** Logged-in sockets watching a home list. */
  sockets: number;
  /** Of those, sockets that also follow one mould's readings. */
  followers: number;
  /** API calls a second. */
  apiRate: number;
  progress?: (line: string) => void;
}

export const SOAK_DEFAULTS: Omit<SoakOptions, 'minutes'> = {
  devices: 200,
  fastRate: 20,
  sockets: 1000,
  followers: 50,
  apiRate: 20,
};

const FAULT_SECONDS = 20;
/** After a fault ends, the time its effects may take to clear (reconnections, backlogs). */
const RECOVERY_SECONDS = 30;
const WINDOWS = 6;

interface Services {
  postgres: PrivateService;
  redis: PrivateService;
  broker: PrivateRabbitMq;
}

async function startServices(): Promise<Services | string> {
  const started = await Promise.all([startPrivatePostgres(), startPrivateRedis(), startPrivateRabbitMq()]);
  const [postgres, redis, broker] = started.map((service) => ('service' in service ? service.service : undefined));
  if (postgres && redis && broker) return { postgres, redis, broker: broker as PrivateRabbitMq };
  await Promise.all([postgres?.remove(), redis?.remove(), broker?.remove()]);
  return started.flatMap((service) => ('skipped' in service ? [service.skipped] : [])).join('; ');
}

const MOULD_INFO = moldInfoSchema.parse({
  mold_temp_setting: [{ name: 'A', set: 60, alert: 5 }],
  cycle_time: 30,
  cycle_time_setting: { time: 120, alert: 5, early: 2 },
});

interface SoakDevice {
  id: number;
  deviceNo: string;
  moldId: number;
  /** Readings a second (the fast device), or 0 for one per cycle. */
  rate: number;
  /** Breaches its temperature bound every other three readings (opens and closes alarms). */
  hot: boolean;
}

/** Registers the devices through the API and binds each to a monitored mould of its own. */
async function seedDevices(server: ServerProcess, databaseUrl: string, options: SoakOptions): Promise<SoakDevice[]> {
  const count = options.devices + 1;
  const moldIds = await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `insert into molds (org_id, name, mold_number, launch_listen, info)
       select (select org_id from users order by id limit 1), 'Soak ' || n, 'S-' || n, 1, $2
       from generate_series(1, $1) as n returning id::int`,
      [count, JSON.stringify(MOULD_INFO)],
    );
    await client.query(
      `insert into user_mold_grants (user_id, mold_id, shared_by)
       select (select id from users order by id limit 1), id, null from molds`,
    );
    return rows.map((row) => row.id);
  });
  const devices: SoakDevice[] = [];
  for (let start = 0; start < count; start += 20) {
    const batch = moldIds.slice(start, start + 20);
    devices.push(
      ...(await Promise.all(
        batch.map(async (moldId, offset) => {
          const index = start + offset;
          const registered = await server.api<{ id: number; device_no: string }>('POST', '/api/yudata/device/', {
            token: server.adminToken,
            body: { device_no: `SOAK-${randomBytes(5).toString('hex')}` },
          });
          const bound = await server.api('PUT', `/api/yudata/device/${registered.body.data.id}/`, {
            token: server.adminToken,
            body: { mold_id: moldId },
          });
          if (bound.status !== 200) throw new Error(`binding a soak device: ${JSON.stringify(bound.body)}`);
          const fast = index === count - 1;
          return {
            id: registered.body.data.id,
            deviceNo: registered.body.data.device_no,
            moldId,
            rate: fast ? options.fastRate : 0,
            hot: !fast && index % 20 === 0,
          };
        }),
      )),
    );
  }
  return devices;
}

/** The devices publishing; what the broker acknowledged, and when each followed counter was sent. */
class DeviceFleet {
  /** Per device: each seq the broker acknowledged, and when. */
  readonly acknowledged = new Map<number, Map<number, number>>();
  /** `${moldId}:${counter}` → when it was published (live push latency). */
  readonly sentAt = new Map<string, number>();
  #clients: MqttClient[] = [];
  #timers: NodeJS.Timeout[] = [];
  #published = 0;

  constructor(
    private readonly devices: SoakDevice[],
    private readonly brokerUrl: string,
  ) {}

  get published(): number {
    return this.#published;
  }

  async start(): Promise<void> {
    for (const device of this.devices) {
      const client = await mqtt.connectAsync(this.brokerUrl, {
        clientId: `soak-${device.deviceNo}`,
        protocolVersion: 4,
        clean: false,
        reconnectPeriod: 500,
      });
      this.#clients.push(client);
      this.acknowledged.set(device.id, new Map());
      this.#run(device, client);
    }
  }

  #run(device: SoakDevice, client: MqttClient): void {
    let seq = 0;
    const publish = () => {
      seq += 1;
      const reading = seq;
      const counter = 1000 + reading;
      const temperature = device.hot && Math.floor(reading / 3) % 2 === 1 ? 72 : 60;
      const message = {
        seq: reading,
        // A device's clock: the fast device's readings share seconds. (A clock run ahead of the
        // server's by more than 10 minutes makes a reading malformed: acknowledged and dropped.)
        ts: Math.floor(Date.now() / 1000),
        counter,
        cycle_time: 30,
        event: 'cycle',
        mold_temp: [temperature, null, null, null],
        current: 4.2,
      };
      this.sentAt.set(`${device.moldId}:${counter}`, Date.now());
      this.#published += 1;
      client.publish(telemetryTopic(device.deviceNo), JSON.stringify(message), { qos: 1 }, (error) => {
        if (!error) this.acknowledged.get(device.id)!.set(reading, Date.now());
      });
    };
    const periodMs = device.rate > 0 ? 1000 / device.rate : 20_000 + Math.random() * 20_000;
    this.#timers.push(setInterval(publish, periodMs));
  }

  /** Stops publishing, and waits up to `waitMs` for what is in flight to be acknowledged. */
  async stop(waitMs = 30_000): Promise<void> {
    this.#timers.forEach(clearInterval);
    const deadline = Date.now() + waitMs;
    const inFlight = () => this.#published - this.acknowledgedCount();
    while (inFlight() > 0 && Date.now() < deadline) await sleep(200);
    await Promise.all(this.#clients.map((client) => client.endAsync(true)));
  }

  acknowledgedCount(): number {
    return [...this.acknowledged.values()].reduce((sum, seqs) => sum + seqs.size, 0);
  }
}

/** Samples of a figure with the time each was taken. */
class Samples {
  readonly #values: Array<{ at: number; value: number }> = [];

  add(value: number, at = Date.now()): void {
    this.#values.push({ at, value });
  }

  /** The p-quantile (0..1) of the samples taken within [from, to), nearest rank; null without any. */
  quantile(q: number, from: number, to: number): number | null {
    const values = this.#values
      .filter((sample) => sample.at >= from && sample.at < to)
      .map((sample) => sample.value)
      .sort((a, b) => a - b);
    if (values.length === 0) return null;
    return values[Math.min(values.length - 1, Math.ceil(q * values.length) - 1)]!;
  }
}

/** The live instances as a load balancer sees them: the next one that answers. */
class Instances {
  #list: ServerProcess[];
  #turn = 0;

  constructor(list: ServerProcess[]) {
    this.#list = list;
  }

  all(): ServerProcess[] {
    return this.#list;
  }

  next(): ServerProcess {
    this.#turn += 1;
    return this.#list[this.#turn % this.#list.length]!;
  }

  /**
   * The instance holding the fewest of `load`'s sockets, as a least-connections balancer places
   * WebSockets. A killed instance keeps its slot (with none) until its replacement takes it, so its
   * sockets come back on the replacement: the steady instance's load stays what it was, and its
   * memory from one window to the next compares like with like.
   */
  leastLoaded(load: (server: ServerProcess) => number): ServerProcess {
    const start = this.next();
    const order = [start, ...this.#list.filter((server) => server !== start)];
    return order.reduce((best, server) => (load(server) < load(best) ? server : best));
  }

  replace(old: ServerProcess, replacement: ServerProcess): void {
    this.#list = this.#list.map((server) => (server === old ? replacement : server));
  }
}

/** Sockets logged in on the instances, watching a page of moulds; followers also follow one mould. */
class LiveWatchers {
  readonly pushLatency = new Samples();
  /** Each socket and the instance it was opened on. */
  #sockets = new Map<WebSocket, ServerProcess>();
  #closing = false;

  constructor(
    private readonly instances: Instances,
    private readonly token: string,
    private readonly moldIds: number[],
    private readonly followedMoldIds: number[],
    private readonly sentAt: Map<string, number>,
  ) {}

  async start(count: number, followers: number): Promise<void> {
    for (let index = 0; index < count; index += 1) {
      this.#open(index, index < followers ? this.followedMoldIds[index % this.followedMoldIds.length] : undefined);
      if (index % 50 === 49) await sleep(100);
    }
  }

  #open(index: number, followed: number | undefined): void {
    if (this.#closing) return;
    const server = this.instances.leastLoaded((candidate) => this.on(candidate));
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws`);
    this.#sockets.set(socket, server);
    const page = this.moldIds.slice((index * 20) % this.moldIds.length).slice(0, 20);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'login', token: this.token })));
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string; code?: number; data?: { counter?: number } };
      if (message.type === 'login' && message.code === 200) {
        socket.send(JSON.stringify({ type: 'list', mold_ids: page }));
        if (followed) socket.send(JSON.stringify({ type: 'info', mold_id: followed }));
      }
      if (message.type === 'info' && followed && message.data?.counter !== undefined) {
        const sent = this.sentAt.get(`${followed}:${message.data.counter}`);
        if (sent) this.pushLatency.add(Date.now() - sent);
      }
    });
    const ping = setInterval(() => socket.readyState === WebSocket.OPEN && socket.send('{"type":"ping"}'), 20_000);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(ping);
      this.#sockets.delete(socket);
      // As the console does: a lost socket is opened again after a pause, on whichever instance answers.
      setTimeout(() => this.#open(index, followed), 1000 + Math.random() * 2000);
    });
  }

  get open(): number {
    return [...this.#sockets.keys()].filter((socket) => socket.readyState === WebSocket.OPEN).length;
  }

  /** The sockets opened (or opening) on one instance. */
  on(server: ServerProcess): number {
    return [...this.#sockets.values()].filter((placed) => placed === server).length;
  }

  close(): void {
    this.#closing = true;
    for (const socket of this.#sockets.keys()) socket.terminate();
  }
}

/** A steady mix of the console's reads: the home list, its counts, a mould's facts, an OEE report. */
class ApiLoad {
  readonly latency = new Samples();
  readonly answers: Array<{ at: number; status: number }> = [];
  #running = true;
  #loop: Promise<void> | undefined;

  constructor(
    private readonly instances: Instances,
    private readonly token: string,
    private readonly moldIds: number[],
  ) {}

  start(perSecond: number): void {
    this.#loop = (async () => {
      while (this.#running) {
        void this.#call();
        await sleep(1000 / perSecond);
      }
    })();
  }

  #path(): string {
    const moldId = this.moldIds[Math.floor(Math.random() * this.moldIds.length)]!;
    const roll = Math.random();
    if (roll < 0.6) return `/api/yudata/mold/more/?page=${1 + Math.floor(Math.random() * 5)}&limit=20`;
    if (roll < 0.75) return '/api/yudata/mold/stateCount/';
    if (roll < 0.9) return `/api/yudata/mold/${moldId}/`;
    const now = Math.floor(Date.now() / 1000);
    return `/api/yudata/report/oee/?mold_id=${moldId}&start=${now - 7 * 86_400}&end=${now}&range=day`;
  }

  async #call(): Promise<void> {
    const path = this.#path();
    // A load balancer sends the call to the next instance, and to the other one when that refuses it.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const server = this.instances.next();
      const started = Date.now();
      try {
        const response = await fetch(server.url + path, {
          headers: { authorization: `JWT ${this.token}` },
          signal: AbortSignal.timeout(30_000),
        });
        await response.arrayBuffer();
        this.answers.push({ at: started, status: response.status });
        this.latency.add(Date.now() - started, started);
        return;
      } catch {
        // Refused (an instance that is down): the balancer tries the other.
      }
    }
    this.answers.push({ at: Date.now(), status: 0 });
  }

  async stop(): Promise<void> {
    this.#running = false;
    await this.#loop;
  }
}

/** Resident memory of a process, in MB (Linux). */
function rssMb(pid: number): number | null {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('VmRSS:'));
    return line ? Math.round(Number(line.split(/\s+/)[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/** Open file descriptors of a process, and how many of them are sockets. */
function openHandles(pid: number): { files: number; sockets: number } | null {
  try {
    const fds = readdirSync(`/proc/${pid}/fd`);
    const sockets = fds.filter((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:');
      } catch {
        return false;
      }
    }).length;
    return { files: fds.length, sockets };
  } catch {
    return null;
  }
}

type FaultKind = 'kill_instance' | 'stop_postgres' | 'stop_redis' | 'restart_broker';
const FAULTS: FaultKind[] = ['kill_instance', 'stop_postgres', 'stop_redis', 'restart_broker'];

interface FaultWindow {
  kind: FaultKind;
  from: number;
  to: number;
}

export interface SoakFigures {
  minutes: number;
  devices: number;
  sockets: number;
  readings: {
    published: number;
    acknowledged: number;
    stored: number;
    duplicated: number;
    missing: number;
    /** The missing by when the broker acknowledged them: the minute, and the fault under way (or `none`). */
    missing_by_minute: Record<string, number>;
    missing_by_fault: Record<string, number>;
    /** How long the backlog took to be stored once the devices stopped. */
    drain_s: number;
  };
  faults: Array<{ kind: FaultKind; at_s: number; took_s: number }>;
  api: { calls: number; errors_5xx: number; failed_5xx_rate_outside_faults: number; refused: number };
  windows: Array<{ from_min: number; api_p99_ms: number | null; live_p99_ms: number | null; calls: number }>;
  sockets_open_at_end: number;
  instances: Array<{ pid: number; from_s: number; rss_mb_start: number | null; rss_mb_end: number | null }>;
  /**
   * The instance that ran from start to end: RSS at the end of the first window and at the end, and
   * at the end of each window with the soak's sockets it held then (its load).
   */
  steady_rss_mb: {
    after_first_window: number | null;
    end: number | null;
    growth_pct: number | null;
    by_window: SteadySample[];
  };
  /** Per instance at the end; the counts are absent where /proc cannot be read. */
  handles_at_end: Array<{ pid: number; files?: number; sockets?: number }>;
  alarms: { opened: number; overlapping: number };
}

interface SteadySample {
  minute: number;
  rss_mb: number | null;
  sockets: number;
}

/** The run: starts everything, soaks, stops everything; a reason instead where a service is missing. */
export async function runSoak(options: SoakOptions): Promise<SoakFigures | { skipped: string }> {
  const services = await startServices();
  if (typeof services === 'string') return { skipped: services };
  const say = options.progress ?? (() => undefined);
  const name = `soak_${randomBytes(4).toString('hex')}`;
  await withClient(services.postgres.url, (client) => client.query(`create database ${name}`));
  const databaseUrl = services.postgres.url.replace(/\/postgres$/, `/${name}`);
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: services.redis.url,
    AMQP_URL: services.broker.url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'error',
  };
  const started: ServerProcess[] = [];
  const cleanUp = async () => {
    await Promise.all(started.map((server) => server.remove()));
    await Promise.all([services.postgres.remove(), services.redis.remove(), services.broker.remove()]);
  };
  // Stopped by hand (Ctrl-C): what it started is stopped too, not left running.
  const stopped = () => void cleanUp().finally(() => process.exit(130));
  process.once('SIGINT', stopped).once('SIGTERM', stopped);
  try {
    const first = await startServerProcess(env);
    started.push(first);
    const startInstance = async () => {
      const server = await startServerProcess(env, { adminToken: first.adminToken });
      started.push(server);
      return server;
    };
    const instances = new Instances([first, await startInstance()]);
    say('two instances up; seeding devices');
    return await soak(options, services, databaseUrl, instances, startInstance, first.adminToken, say);
  } finally {
    process.off('SIGINT', stopped).off('SIGTERM', stopped);
    await cleanUp();
  }
}

async function soak(
  options: SoakOptions,
  services: Services,
  databaseUrl: string,
  instances: Instances,
  startInstance: () => Promise<ServerProcess>,
  token: string,
  say: (line: string) => void,
): Promise<SoakFigures> {
  const devices = await seedDevices(instances.all()[0]!, databaseUrl, options);
  const moldIds = devices.map((device) => device.moldId);
  const fast = devices.find((device) => device.rate > 0)!;
  const fleet = new DeviceFleet(devices, services.broker.mqttUrl);
  await fleet.start();
  // A fifth of the followers watch the fast device's mould: a push a reading.
  const followed = [fast.moldId, ...moldIds.slice(0, 4)];
  const watchers = new LiveWatchers(instances, token, moldIds, followed, fleet.sentAt);
  await watchers.start(options.sockets, options.followers);
  const api = new ApiLoad(instances, token, moldIds);
  api.start(options.apiRate);
  say(`${devices.length} devices publishing, ${options.sockets} sockets, API at ${options.apiRate}/s`);

  const startedAt = Date.now();
  const windowMs = (options.minutes * 60_000) / WINDOWS;
  const origin = new Map(instances.all().map((server) => [server, { from: 0, rssStart: rssMb(server.pid) }]));
  const steady = instances.all()[1]!;
  const steadySamples: SteadySample[] = [];
  const sampleSteady = () =>
    steadySamples.push({
      minute: Math.round((Date.now() - startedAt) / 6000) / 10,
      rss_mb: rssMb(steady.pid),
      sockets: watchers.on(steady),
    });
  const faults: FaultWindow[] = [];

  const runFault = async (kind: FaultKind) => {
    const from = Date.now();
    say(`fault: ${kind}`);
    if (kind === 'kill_instance') {
      // The same slot each time, so that `steady` runs from start to end.
      const victim = instances.all().find((server) => server !== steady)!;
      await victim.kill();
      await sleep(5000);
      const replacement = await startInstance();
      origin.set(replacement, { from: Math.round((Date.now() - startedAt) / 1000), rssStart: rssMb(replacement.pid) });
      instances.replace(victim, replacement);
    }
    if (kind === 'stop_postgres') await outage(services.postgres);
    if (kind === 'stop_redis') await outage(services.redis);
    if (kind === 'restart_broker') {
      await services.broker.stop();
      await services.broker.restart();
    }
    faults.push({ kind, from, to: Date.now() });
  };

  for (let window = 1; window < WINDOWS; window += 1) {
    await sleep(Math.max(0, startedAt + window * windowMs - Date.now()));
    sampleSteady();
    say(
      `minute ${((Date.now() - startedAt) / 60_000).toFixed(1)}: ${fleet.acknowledgedCount()} acknowledged, ` +
        `${watchers.open} sockets open, ${api.answers.length} API calls`,
    );
    await runFault(FAULTS[(window - 1) % FAULTS.length]!);
  }
  await sleep(Math.max(0, startedAt + WINDOWS * windowMs - Date.now()));
  const endedAt = Date.now();
  sampleSteady();
  const steadyAfterFirstWindow = steadySamples[0]!.rss_mb;
  const steadyEnd = steadySamples.at(-1)!.rss_mb;
  const instanceFigures = instances.all().map((server) => ({ server, rssEnd: rssMb(server.pid) }));
  const socketsOpen = watchers.open;

  await api.stop();
  watchers.close();
  await fleet.stop();
  const stored = await drained(databaseUrl, fleet, (at) => missedIn(at, startedAt, faults));
  const handles = instances.all().map((server) => ({ pid: server.pid, ...openHandles(server.pid) }));

  const inFault = (at: number) => faults.some((fault) => at >= fault.from && at < fault.to + RECOVERY_SECONDS * 1000);
  const outside = api.answers.filter((answer) => !inFault(answer.at));
  return {
    minutes: options.minutes,
    devices: devices.length,
    sockets: options.sockets,
    readings: { published: fleet.published, acknowledged: fleet.acknowledgedCount(), ...stored },
    faults: faults.map((fault) => ({
      kind: fault.kind,
      at_s: Math.round((fault.from - startedAt) / 1000),
      took_s: Math.round((fault.to - fault.from) / 1000),
    })),
    api: {
      calls: api.answers.length,
      errors_5xx: api.answers.filter((answer) => answer.status >= 500).length,
      failed_5xx_rate_outside_faults: rate(outside.filter((answer) => answer.status >= 500).length, outside.length),
      refused: api.answers.filter((answer) => answer.status === 0).length,
    },
    windows: Array.from({ length: WINDOWS }, (_, window) => {
      const from = startedAt + window * windowMs;
      const to = Math.min(endedAt, from + windowMs);
      return {
        from_min: Math.round((window * windowMs) / 6000) / 10,
        api_p99_ms: api.latency.quantile(0.99, from, to),
        live_p99_ms: watchers.pushLatency.quantile(0.99, from, to),
        calls: api.answers.filter((answer) => answer.at >= from && answer.at < to).length,
      };
    }),
    sockets_open_at_end: socketsOpen,
    instances: [...origin.entries()].map(([server, { from, rssStart }]) => ({
      pid: server.pid,
      from_s: from,
      rss_mb_start: rssStart,
      rss_mb_end: instanceFigures.find((entry) => entry.server === server)?.rssEnd ?? null,
    })),
    steady_rss_mb: {
      after_first_window: steadyAfterFirstWindow,
      end: steadyEnd,
      growth_pct:
        steadyAfterFirstWindow && steadyEnd
          ? Math.round(((steadyEnd - steadyAfterFirstWindow) / steadyAfterFirstWindow) * 1000) / 10
          : null,
      by_window: steadySamples,
    },
    handles_at_end: handles,
    alarms: await alarmFigures(databaseUrl),
  };
}

const rate = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1e6) / 1e6);

async function outage(service: PrivateService): Promise<void> {
  await service.stop();
  await sleep(FAULT_SECONDS * 1000);
  await service.restart();
}

/** Which minute of the run, and which fault (with its recovery), a moment falls in. */
function missedIn(at: number, startedAt: number, faults: FaultWindow[]): { minute: string; fault: string } {
  const fault = faults.find((window) => at >= window.from && at < window.to + RECOVERY_SECONDS * 1000);
  return { minute: String(Math.floor((at - startedAt) / 60_000)), fault: fault?.kind ?? 'none' };
}

/** The drain gives up after this long without one more reading stored. */
const DRAIN_STALL_MS = 60_000;

/**
 * Waits until every acknowledged reading is stored, or until the store makes no progress for a
 * minute, then counts: stored rows of the soak's devices, seqs stored more than once, and the
 * acknowledged seqs not stored, by when they were acknowledged.
 */
async function drained(
  databaseUrl: string,
  fleet: DeviceFleet,
  placed: (at: number) => { minute: string; fault: string },
) {
  const started = Date.now();
  let best = Number.POSITIVE_INFINITY;
  let progressAt = Date.now();
  for (;;) {
    const rows = await storedRows(databaseUrl);
    const stored = new Set(rows.map((row) => `${row.device_id}:${row.seq}`));
    const missed = [...fleet.acknowledged].flatMap(([deviceId, seqs]) =>
      [...seqs].filter(([seq]) => !stored.has(`${deviceId}:${seq}`)).map(([, at]) => at),
    );
    if (missed.length < best) [best, progressAt] = [missed.length, Date.now()];
    if (missed.length === 0 || Date.now() - progressAt > DRAIN_STALL_MS) {
      const tally = (key: 'minute' | 'fault') =>
        missed.reduce<Record<string, number>>((counts, at) => {
          const name = placed(at)[key];
          counts[name] = (counts[name] ?? 0) + 1;
          return counts;
        }, {});
      return {
        stored: rows.length,
        duplicated: rows.filter((row) => row.copies > 1).length,
        missing: missed.length,
        missing_by_minute: tally('minute'),
        missing_by_fault: tally('fault'),
        drain_s: Math.round((Date.now() - started) / 1000),
      };
    }
    await sleep(1000);
  }
}

function storedRows(databaseUrl: string) {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ device_id: number; seq: number; copies: number }>(
      'select device_id::int, seq::int, count(*)::int as copies from readings group by device_id, seq',
    );
    return rows;
  });
}

/** Alarms opened, and pairs of one mould's alarms on one channel whose lifetimes overlap (opened twice). */
async function alarmFigures(databaseUrl: string) {
  return withClient(databaseUrl, async (client) => {
    const {
      rows: [figures],
    } = await client.query<{ opened: number; overlapping: number }>(
      `select (select count(*)::int from alarms) as opened,
              (select count(*)::int from alarms a join alarms b
                 on a.mold_id = b.mold_id and a.channel = b.channel and a.id < b.id
                and b.opened_at < coalesce(a.closed_at, 'infinity') and a.opened_at < coalesce(b.closed_at, 'infinity'))
                as overlapping`,
    );
    return figures!;
  });
}
