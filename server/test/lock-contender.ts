// A process that tries for the data directory lock in argv[2] when told "go" on stdin, prints
// "won" or "lost", and keeps what it won until its stdin closes (tests of data-dir-lock.ts).
import { createInterface } from 'node:readline';
import { DataDirLockedError, acquireDataDirLock } from '../src/infra/db/data-dir-lock.js';

const lines = createInterface({ input: process.stdin });
process.stdout.write('ready\n');
lines.once('line', () => {
  try {
    acquireDataDirLock(process.argv[2]!);
    process.stdout.write('won\n');
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    process.stdout.write('lost\n');
  }
});
lines.once('close', () => process.exit(0));
