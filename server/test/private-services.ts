import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * PostgreSQL, Redis, Mosquitto and RabbitMQ of a test's own, on free ports in temp directories, which the
 * test may stop and start again at will: the machine's shared services are never touched. Each
 * `start…` answers a printable reason instead where the binaries are missing.
 */
export interface PrivateService {
  url: string;
  /** Stops the service as its operator would (PostgreSQL: `pg_ctl -m fast stop`). */
  stop(): Promise<void>;
  /** Starts it again on the same port, with the same data (nothing when it runs). */
  restart(): Promise<void>;
  /** Stops it if running and removes its directory. */
  remove(): Promise<void>;
}

export type Started = { service: PrivateService } | { skipped: string };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const hasCommand = (command: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** The newest PostgreSQL server binaries installed the Debian way. */
function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return versions
    .map((version) => path.join(root, version, 'bin'))
    .find((bin) => existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'pg_ctl')));
}

/** PostgreSQL refuses to run as root: then it runs as the `postgres` user, in a directory it owns. */
function postgresUser(): { run: (bin: string, args: string[]) => void; uid?: number; gid?: number } | string {
  const run = (bin: string, args: string[]) => void execFileSync(bin, args, { stdio: 'pipe' });
  if (process.getuid?.() !== 0) return { run };
  if (!hasCommand('runuser')) return 'running as root without runuser to run PostgreSQL as postgres';
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    return {
      run: (bin, args) => void execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args], { stdio: 'pipe' }),
      uid,
      gid,
    };
  } catch {
    return 'running as root and there is no postgres user to run PostgreSQL as';
  }
}

/** A PostgreSQL cluster of its own (initdb + pg_ctl), trusting local connections as `postgres`. */
export async function startPrivatePostgres(): Promise<Started> {
  const bin = postgresBinDir();
  if (!bin) return { skipped: 'no PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql/*/bin' };
  const user = postgresUser();
  if (typeof user === 'string') return { skipped: user };
  const dir = mkdtempSync(path.join(tmpdir(), 'mouldwatch-pg-'));
  if (user.uid !== undefined) chownSync(dir, user.uid, user.gid!);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const pgCtl = (...args: string[]) => user.run(path.join(bin, 'pg_ctl'), ['-D', data, '-w', ...args]);
  const start = async () =>
    pgCtl(
      '-l',
      path.join(dir, 'log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    );
  user.run(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  await start();
  let running = true;
  return {
    service: {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      stop: async () => {
        pgCtl('-m', 'fast', 'stop');
        running = false;
      },
      restart: async () => {
        if (running) return;
        await start();
        running = true;
      },
      remove: async () => {
        if (running) pgCtl('-m', 'immediate', 'stop');
        rmSync(dir, { recursive: true, force: true });
      },
    },
  };
}

/** Waits until something accepts connections on the port. */
async function listening(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port });
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A process the test starts and stops (SIGTERM); its stderr is kept for the failure message. */
async function serviceProcess(
  command: string,
  args: (port: number, dir: string) => string[],
  url: (port: number) => string,
  prepare: (port: number, dir: string) => void = () => undefined,
): Promise<Started> {
  if (!hasCommand(command)) return { skipped: `no ${command} on the PATH` };
  const dir = mkdtempSync(path.join(tmpdir(), `mouldwatch-${command}-`));
  const port = await freePort();
  prepare(port, dir);
  let child: ChildProcess | undefined;
  const start = async () => {
    if (child && child.exitCode === null && child.signalCode === null) return;
    child = spawn(command, args(port, dir), { cwd: dir, stdio: 'ignore' });
    await listening(port);
  };
  const stop = async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    service: {
      url: url(port),
      stop,
      restart: start,
      remove: async () => {
        await stop();
        rmSync(dir, { recursive: true, force: true });
      },
    },
  };
}

/** A Redis of its own, without persistence: what it held is gone after a restart, as after a crash. */
export const startPrivateRedis = () =>
  serviceProcess(
    'redis-server',
    (port) => ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    (port) => `redis://127.0.0.1:${port}`,
  );

/**
 * A Mosquitto of its own that keeps sessions and queued messages across a restart (persistence,
 * written when it stops), anonymous publishing allowed: it stands for a broker that authenticates
 * devices itself.
 */
export const startPrivateMosquitto = () =>
  serviceProcess(
    'mosquitto',
    (_port, dir) => ['-c', path.join(dir, 'mosquitto.conf')],
    (port) => `mqtt://127.0.0.1:${port}`,
    (port, dir) =>
      writeFileSync(
        path.join(dir, 'mosquitto.conf'),
        [
          `listener ${port} 127.0.0.1`,
          'allow_anonymous true',
          'persistence true',
          `persistence_location ${dir}/`,
          'max_queued_messages 100000',
          // Run as root, it would switch to the mosquitto user, who may not write the directory.
          ...(process.getuid?.() === 0 ? ['user root'] : []),
        ].join('\n'),
      ),
  );

const RABBITMQ_SERVER = '/usr/lib/rabbitmq/bin/rabbitmq-server';

export interface PrivateRabbitMq extends PrivateService {
  /** Where devices publish: the broker's MQTT plugin. */
  mqttUrl: string;
}

/**
 * A RabbitMQ node of its own (Debian's rabbitmq-server, run as root), with its MQTT plugin on a
 * port of its own and anonymous devices let in as `guest`: it stands for a broker that
 * authenticates devices itself. Its data stay across a restart, as a durable queue's do.
 */
export async function startPrivateRabbitMq(): Promise<{ service: PrivateRabbitMq } | { skipped: string }> {
  if (!existsSync(RABBITMQ_SERVER)) return { skipped: `no ${RABBITMQ_SERVER}` };
  if (process.getuid?.() !== 0) return { skipped: 'a private RabbitMQ node is started as root only' };
  const dir = mkdtempSync(path.join(tmpdir(), 'mouldwatch-rabbitmq-'));
  const [amqpPort, mqttPort, distPort] = [await freePort(), await freePort(), await freePort()];
  writeFileSync(
    path.join(dir, 'rabbitmq.conf'),
    [
      `listeners.tcp.default = 127.0.0.1:${amqpPort}`,
      `mqtt.listeners.tcp.default = 127.0.0.1:${mqttPort}`,
      'mqtt.allow_anonymous = true',
      // A private node on a busy test machine: no alarm for the disk or memory others use.
      'disk_free_limit.absolute = 1MB',
      'vm_memory_high_watermark.relative = 0.9',
    ].join('\n'),
  );
  writeFileSync(path.join(dir, 'enabled_plugins'), '[rabbitmq_mqtt].');
  const env = {
    ...process.env,
    RABBITMQ_NODENAME: `mouldwatch-${path.basename(dir).slice(-6)}@localhost`,
    RABBITMQ_DIST_PORT: String(distPort),
    RABBITMQ_CONFIG_FILE: path.join(dir, 'rabbitmq.conf'),
    RABBITMQ_ENABLED_PLUGINS_FILE: path.join(dir, 'enabled_plugins'),
    RABBITMQ_MNESIA_BASE: path.join(dir, 'mnesia'),
    RABBITMQ_LOG_BASE: path.join(dir, 'log'),
  };
  let child: ChildProcess | undefined;
  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;
  const start = async () => {
    if (running()) return;
    child = spawn(RABBITMQ_SERVER, [], { cwd: dir, env, stdio: 'ignore' });
    // The Erlang VM takes seconds to boot, many more on a loaded machine.
    await listening(mqttPort, 90_000);
    await listening(amqpPort, 10_000);
  };
  // The script passes SIGTERM on to the node, which stops as `rabbitmqctl stop` would.
  const stop = async () => {
    if (!running()) return;
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child!.kill('SIGTERM');
    await exited;
  };
  try {
    await start();
  } catch (error) {
    await stop();
    rmSync(dir, { recursive: true, force: true });
    return { skipped: `the private RabbitMQ did not start: ${(error as Error).message}` };
  }
  return {
    service: {
      url: `amqp://guest:guest@127.0.0.1:${amqpPort}`,
      mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
      stop,
      restart: start,
      remove: async () => {
        await stop();
        rmSync(dir, { recursive: true, force: true });
      },
    },
  };
}
