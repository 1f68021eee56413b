// `npm run dev`: the server from its TypeScript sources (restarting on change) and Vite's dev
// server for the web console, which proxies /api and /ws to it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, DEMO: process.env.DEMO ?? '1', NODE_OPTIONS: '--conditions=source' };
const children = [
  spawn('npx', ['tsx', 'watch', 'server/src/main.ts'], { cwd: root, stdio: 'inherit', env }),
  spawn('npx', ['vite', 'web'], { cwd: root, stdio: 'inherit', env: process.env }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
