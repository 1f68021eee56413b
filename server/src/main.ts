import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config.js';
import { DEMO_LOGINS } from './seed/seed.js';
import { prepareServer, type RunningServer } from './start.js';

const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

function printWelcome(server: RunningServer, url: string): void {
  console.warn(`\nMouldwatch is running at ${url}  (database: ${server.database.kind})`);
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

async function main(): Promise<void> {
  const config = loadConfig(process.env, WEB_DIR);
  const server = await prepareServer(config);
  try {
    await server.app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await server.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new ConfigError(`PORT=${config.port}: the port is already in use; set PORT to a free port`);
    }
    throw error;
  }
  printWelcome(server, `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`);
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Cannot start Mouldwatch:\n${error.message}`);
  else console.error('Cannot start Mouldwatch:', error);
  process.exit(1);
});
