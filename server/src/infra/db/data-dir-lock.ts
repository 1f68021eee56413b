import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * Who holds a lock: the process, told apart from a later process given the same pid by its start
 * time (Linux: /proc/<pid>/stat, in clock ticks since boot) and the boot it started in.
 */
export interface LockOwner {
  pid: number;
  host: string;
  startTime: string | null;
  bootId: string | null;
}

/** The directory is in use by a live process (or one on another host, which cannot be checked). */
export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly owner: LockOwner,
  ) {
    super(`${lockFile} is held by process ${owner.pid} on ${owner.host}`);
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file if it is still this process's. */
  release(): void;
}

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

/** The process's start time from /proc/<pid>/stat (field 22); null where there is no /proc. */
export function processStartTime(pid: number): string | null {
  const stat = readOrNull(`/proc/${pid}/stat`);
  // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

export function currentOwner(pid = process.pid): LockOwner {
  return {
    pid,
    host: hostname(),
    startTime: processStartTime(pid),
    bootId: readOrNull('/proc/sys/kernel/random/boot_id'),
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the lock's owner still runs. A lock from another host cannot be checked and counts as
 * held; on this host its process must be alive and, where /proc tells, be the same process (the
 * same boot and start time), not a later one that was given its pid.
 */
export function ownerRuns(owner: LockOwner, here: LockOwner = currentOwner()): boolean {
  if (owner.host !== here.host) return true;
  if (owner.bootId && here.bootId && owner.bootId !== here.bootId) return false;
  if (!isAlive(owner.pid)) return false;
  const startTime = processStartTime(owner.pid);
  return owner.startTime === null || startTime === null || startTime === owner.startTime;
}

function parseOwner(text: string | null): LockOwner | null {
  if (!text) return null;
  try {
    const owner = JSON.parse(text) as LockOwner;
    return Number.isInteger(owner.pid) ? owner : null;
  } catch {
    return null;
  }
}

const isCode = (error: unknown, code: string) => (error as NodeJS.ErrnoException).code === code;

/**
 * Takes `file` as this process's lock, or throws DataDirLockedError naming the live owner. The lock
 * file appears whole or not at all (written aside, then hard-linked into place: the link fails if
 * the file exists), so of two processes starting at once exactly one gets it. A lock whose owner is
 * gone (a crash, kill -9) is taken over: moved aside under a name of this process's own — a rename
 * only one process can make — and deleted if it is the stale one read, put back if another
 * process's new lock was moved instead.
 */
export function acquireDataDirLock(file: string): DataDirLock {
  const mine = JSON.stringify(currentOwner());
  const unique = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(unique, `${mine}\n`, { mode: 0o600 });
  try {
    for (;;) {
      try {
        linkSync(unique, file);
        return { file, release: () => releaseIfMine(file, mine) };
      } catch (error) {
        if (!isCode(error, 'EEXIST')) throw error;
      }
      const text = readOrNull(file);
      const owner = parseOwner(text);
      if (owner && ownerRuns(owner)) throw new DataDirLockedError(file, owner);
      // A lock file of no owner is one being written by hand or torn by a crash of the disk: stale too.
      takeOverStale(file, text, `${unique}.stale`);
    }
  } finally {
    unlinkSync(unique);
  }
}

function takeOverStale(file: string, staleText: string | null, aside: string): void {
  try {
    renameSync(file, aside);
  } catch (error) {
    if (isCode(error, 'ENOENT')) return;
    throw error;
  }
  if (readOrNull(aside) !== staleText) {
    // Another process replaced the stale lock with its own meanwhile: give it back.
    try {
      linkSync(aside, file);
    } catch (error) {
      if (!isCode(error, 'EEXIST')) throw error;
    }
  }
  unlinkSync(aside);
}

function releaseIfMine(file: string, mine: string): void {
  if (readOrNull(file) === mine) unlinkSync(file);
}
