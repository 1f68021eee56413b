import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Envelope } from '@mouldwatch/shared';
import { freePort } from './private-services.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A real server process (server/src/main.ts run by tsx), as `npm start` runs the built one. */
export interface SpawnedServer {
  child: ChildProcess;
  url: string;
  /** What it printed so far, stdout and stderr together. */
  output(): string;
  /** Resolves once it prints `text`; rejects if it exits first. */
  printed(text: string): Promise<void>;
  /** Resolves with its exit code (null: ended by a signal) and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function spawnServerProcess(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<SpawnedServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '0',
      MQTT_PORT: '0',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      MQTT_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    listeners.forEach((listener) => listener());
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const printed = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!output.includes(text)) return;
        listeners.delete(check);
        resolve();
      };
      listeners.add(check);
      check();
      void exited.then(({ code }) =>
        reject(new Error(`server exited (${code}) before printing "${text}":\n${output}`)),
      );
    });
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, printed, exited };
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: Envelope<T>;
}

export interface ServerProcess {
  url: string;
  /** Its process id (memory, open files). */
  pid: number;
  dataDir: string;
  /** The first administrator's JWT. */
  adminToken: string;
  exitCode(): number | null;
  output(): string;
  api<T = unknown>(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<ApiAnswer<T>>;
  /** SIGTERM, and waits for the exit; the data directory stays until remove(). */
  stop(): Promise<void>;
  /** SIGKILL, as a crash or an OOM kill ends it: nothing is closed, and waits for the exit. */
  kill(): Promise<void>;
  remove(): Promise<void>;
}

/**
 * The server as `main.ts` runs it (from the sources, in a process of its own, so that a crash is
 * seen as one), empty but for its first administrator, on a free port and data directory of its own.
 * `adminToken`: another instance has made the database's administrator already, and this one
 * accepts that administrator's token (the same DATABASE_URL and JWT_SECRET).
 */
export async function startServerProcess(
  env: Record<string, string> = {},
  { adminToken }: { adminToken?: string } = {},
): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mouldwatch-process-'));
  const { child, url, output, printed } = await spawnServerProcess(dataDir, env);
  await printed(adminToken ? 'Mouldwatch is running' : '(shown once');
  const admin = /First administrator created: (\S+) \/ (\S+)/.exec(output());

  const api: ServerProcess['api'] = async (method, apiPath, { token, body, headers } = {}) => {
    const response = await fetch(url + apiPath, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `JWT ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Envelope<never> };
  };
  const logIn = async ({ username, password }: { username: string; password: string }) => {
    const login = await api<{ access: string }>('POST', '/api/login/en_US', {
      body: { username, password: Buffer.from(password).toString('base64') },
    });
    if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
    return login.body.data.access;
  };

  const endWith = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  const stop = () => endWith('SIGTERM');
  return {
    url,
    pid: child.pid!,
    dataDir,
    adminToken: admin ? await logIn({ username: admin[1]!, password: admin[2]! }) : adminToken!,
    exitCode: () => child.exitCode,
    output,
    api,
    stop,
    kill: () => endWith('SIGKILL'),
    remove: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
