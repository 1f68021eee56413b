// `npm run bench -- soak [--minutes 60] [--devices 200] [--sockets 1000]`: two instances on a
// PostgreSQL, a Redis and a RabbitMQ of their own (RabbitMQ's MQTT plugin takes the devices'
// readings, the instances consume its queue), simulated devices, live sockets and API calls, and a
// fault every sixth of the run (an instance SIGKILLed, PostgreSQL stopped 20 s, Redis stopped 20 s,
// the broker restarted). One JSON line: readings acknowledged / stored / duplicated / missing, 5xx,
// p99 of API calls and live pushes per window, memory and open handles. Needs root (RabbitMQ).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const result = spawnSync(
  process.execPath,
  ['--conditions=source', '--import', 'tsx', path.join(root, 'bench/support/soak.impl.ts'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
