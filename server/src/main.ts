import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, withoutPassword, type Config } from './config.js';
import { DataDirLockedError } from './infra/db/data-dir-lock.js';
import { DEMO_LOGINS } from './seed/seed.js';
import type { MqttStatus } from './ingest/mqtt.js';
import { prepareServer, type RunningServer } from './start.js';

const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** The intake actually in use, and what it means for several instances (README, "Several instances"). */
function describeMqtt(mqtt: MqttStatus): string {
  switch (mqtt.kind) {
    case 'embedded':
      return `embedded broker on port ${mqtt.port}`;
    case 'off':
      return 'off (MQTT_PORT=0)';
    case 'queue':
      return `queue ${mqtt.queue} on ${withoutPassword(mqtt.url)} (instances share the readings)`;
    case 'external':
      return mqtt.sharedGroup
        ? `shared subscription, group ${mqtt.sharedGroup}, on ${withoutPassword(mqtt.url)} (instances split ` +
            "the readings; a dead instance's share waits until it returns: README, Several instances)"
        : `own subscription on ${withoutPassword(mqtt.url)} (every instance receives every reading)`;
  }
}

function printWelcome(server: RunningServer, url: string, mqtt: MqttStatus): void {
  console.warn(`\nMouldwatch is running at ${url}  (database: ${server.database.kind})`);
  console.warn(`Device MQTT: ${describeMqtt(mqtt)}`);
  if (server.seed.kind === 'demo') {
    console.warn('Demo logins:');
    for (const login of DEMO_LOGINS) console.warn(`  ${login.username} / ${login.password}   (${login.role})`);
  }
  if (server.seed.kind === 'first-admin') {
    console.warn(
      `First administrator created: ${server.seed.username} / ${server.seed.password}  (shown once; change it after logging in)`,
    );
  }
  console.warn('');
}

/** A clean stop takes seconds; one that hangs (a bug) is cut short rather than left running. */
const STOP_DEADLINE_MS = 20_000;

/** SIGINT or SIGTERM, from the start: a stop while the database is prepared ends that early. */
function stopSignal(): AbortSignal {
  const stopping = new AbortController();
  const stop = () => stopping.abort(new StoppedWhilePreparing());
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return stopping.signal;
}

class StoppedWhilePreparing extends Error {}

function prepare(config: Config, signal: AbortSignal): Promise<RunningServer> {
  return explained(
    () => prepareServer(config, { signal }),
    (error) => error instanceof DataDirLockedError && describeLockedDataDir(config.dataDir, error),
  );
}

/**
 * A lock of another host (a shared directory, or a container that got a new name) cannot be
 * checked from here: the operator is told which file to delete once that server is gone.
 */
function describeLockedDataDir(dataDir: string, { owner, lockFile }: DataDirLockedError): string {
  const holder = `in use by another Mouldwatch (process ${owner.pid} on ${owner.host})`;
  return owner.host === hostname()
    ? `DATA_DIR=${dataDir}: ${holder}; stop it, or set DATA_DIR to another directory`
    : `DATA_DIR=${dataDir}: ${holder}; stop it, or delete ${lockFile} if it no longer runs there`;
}

async function main(): Promise<void> {
  const config = loadConfig(process.env, WEB_DIR);
  const stopping = stopSignal();
  const server = await prepare(config, stopping);
  // Every job and request handles its own failures; one that slips through is logged, not fatal:
  // a database outage must not end the server.
  process.on('unhandledRejection', (reason) => server.context.log.error({ err: reason }, 'unhandled rejection'));
  // The device side first: a start that fails there never said it was listening.
  const mqtt = await closeOnFailure(server, async () => {
    const started = await explained(
      () => server.startMqtt(),
      (error) =>
        config.amqp
          ? `AMQP_URL=${withoutPassword(config.amqp.url)}: cannot consume from queue ${config.amqp.queue} (${error.message})`
          : config.mqttUrl
            ? `MQTT_URL=${withoutPassword(config.mqttUrl)}: cannot connect to the broker (${error.message})`
            : error.code === 'EADDRINUSE' &&
              `MQTT_PORT=${config.mqttPort}: the port is already in use; set MQTT_PORT to a free port (0: no ` +
                'embedded broker), or point MQTT_URL at the broker listening there',
    );
    await explained(
      () => server.app.listen({ port: config.port, host: config.host }),
      (error) =>
        error.code === 'EADDRINUSE' && `PORT=${config.port}: the port is already in use; set PORT to a free port`,
    );
    return started;
  });
  printWelcome(server, `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`, mqtt);
  // `npm start` (scripts/start.mjs) starts the demo's simulator once its own server is ready.
  process.send?.('ready');
  const stop = async () => {
    setTimeout(() => {
      console.error(`Mouldwatch did not stop within ${STOP_DEADLINE_MS / 1000} s; exiting`);
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    await server.close();
    process.exit(0);
  };
  if (stopping.aborted) await stop();
  else stopping.addEventListener('abort', () => void stop(), { once: true });
}

/** A failure the operator can fix (a port in use …) becomes one line that names the variable to change. */
async function explained<T>(
  start: () => Promise<T>,
  explain: (error: NodeJS.ErrnoException) => string | false,
): Promise<T> {
  try {
    return await start();
  } catch (error) {
    const explanation = explain(error as NodeJS.ErrnoException);
    throw explanation ? new ConfigError(explanation) : error;
  }
}

/** Any failure to start closes what was opened. */
async function closeOnFailure<T>(server: RunningServer, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    await server.close();
    throw error;
  }
}

main().catch((error: unknown) => {
  if (error instanceof StoppedWhilePreparing) process.exit(0);
  if (error instanceof ConfigError) console.error(`Cannot start Mouldwatch:\n${error.message}`);
  else console.error('Cannot start Mouldwatch:', error);
  process.exit(1);
});
