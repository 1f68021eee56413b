// Run by bench/soak.mjs under tsx: the soak of server/test/soak.ts, its figures as one JSON line.
import { parseArgs } from 'node:util';
import { runSoak, SOAK_DEFAULTS } from '../../server/test/soak.js';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '60' },
    devices: { type: 'string', default: String(SOAK_DEFAULTS.devices) },
    sockets: { type: 'string', default: String(SOAK_DEFAULTS.sockets) },
  },
});
const figures = await runSoak({
  ...SOAK_DEFAULTS,
  minutes: Number(values.minutes),
  devices: Number(values.devices),
  sockets: Number(values.sockets),
  progress: (line) => process.stderr.write(`[soak] ${line}\n`),
});
console.log(JSON.stringify({ bench: 'soak', ...figures }));
process.exit('skipped' in figures ? 1 : 0);
