import { readFileSync } from 'node:fs';

const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux

/** Reads a /proc figure, or null where there is none (not Linux, or the process has ended). */
export function fromProc(read) {
  try {
    return read();
  } catch {
    return null;
  }
}

/** CPU ms (user + system) of a process, or null. */
export const processCpuMs = (pid) =>
  fromProc(() => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
  });
