import { createHash, randomBytes } from 'node:crypto';
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
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

const isCode = (error: unknown, code: string) => (error as NodeJS.ErrnoException).code === code;

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

/** A lock file's text, or undefined if there is none; an unreadable one is an error, not a free lock. */
function readLockText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if (isCode(error, 'ENOENT')) return undefined;
    throw error;
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

/** How long a process waits for another live one that is removing the same stale lock. */
const REMOVAL_WAIT_MS = 10_000;

/**
 * Takes `file` as this process's lock, or throws DataDirLockedError naming the live owner.
 *
 * A lock file appears whole or not at all: it is written aside, then hard-linked into place, and the
 * link fails if the file exists, so of processes starting at once exactly one gets it. A lock whose
 * owner is gone (a crash, kill -9) is deleted and the link tried again. Deleting is where two
 * processes could go wrong: one that read the stale lock late would delete the lock the other has
 * just put in its place. So a stale lock is deleted only by the holder of its own removal lock
 * (`<file>.<hash of the stale text>`, taken the same way, a level down) and only if the file still
 * holds that text. Nothing can replace it meanwhile: no link succeeds while it is there, and
 * nobody else may delete it. Each lock's text is unique to one taking (a random part), so a text
 * read once can never name a later lock.
 */
export function acquireDataDirLock(file: string): DataDirLock {
  const mine = JSON.stringify({ ...currentOwner(), taking: randomBytes(8).toString('hex') });
  takeLock(file, mine, Date.now() + REMOVAL_WAIT_MS);
  return { file, release: () => releaseIfMine(file, mine) };
}

function takeLock(file: string, mine: string, deadline: number): void {
  const unique = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(unique, `${mine}\n`, { mode: 0o600 });
  try {
    while (!linked(unique, file)) {
      const held = readLockText(file);
      if (held === undefined) continue;
      const owner = parseOwner(held);
      if (owner && ownerRuns(owner)) throw new DataDirLockedError(file, owner);
      // A lock file of no owner is one being written by hand or torn by a crash of the disk: stale too.
      removeStale(file, held, mine, deadline);
    }
  } finally {
    unlinkSync(unique);
  }
}

function linked(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch (error) {
    if (isCode(error, 'EEXIST')) return false;
    throw error;
  }
}

/** The file whose holder alone may delete the stale lock `file` holding `staleText`. */
export const removalLockOf = (file: string, staleText: string) =>
  `${file}.${createHash('sha256').update(staleText).digest('hex').slice(0, 16)}`;

function removeStale(file: string, staleText: string, mine: string, deadline: number): void {
  const removal = removalLockOf(file, staleText);
  try {
    takeLock(removal, mine, deadline);
  } catch (error) {
    if (!(error instanceof DataDirLockedError) || Date.now() > deadline) throw error;
    // Another live process is removing this stale lock: let it finish, then look again.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2);
    return;
  }
  try {
    if (readLockText(file) === staleText) unlinkSync(file);
  } finally {
    releaseIfMine(removal, mine);
  }
}

function releaseIfMine(file: string, mine: string): void {
  if (readOrNull(file) === mine) unlinkSync(file);
}
