import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DataDirLockedError,
  acquireDataDirLock,
  currentOwner,
  removalLockOf,
  type LockOwner,
} from './data-dir-lock.js';

const CONTENDER = fileURLToPath(new URL('../../../test/lock-contender.ts', import.meta.url));
let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mouldwatch-lock-'));
  file = path.join(dir, 'db.lock');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const ownerIn = (lockFile: string) => JSON.parse(readFileSync(lockFile, 'utf8')) as LockOwner;
const writeLock = (owner: LockOwner) => writeFileSync(file, JSON.stringify(owner));

/** The pid of a process that has ended. */
function endedPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(child.stdout.trim());
}

describe('the data directory lock', () => {
  it('is held by one holder at a time, and taken again once released', () => {
    const lock = acquireDataDirLock(file);
    expect(ownerIn(file)).toMatchObject(currentOwner());
    const refused = (() => {
      try {
        acquireDataDirLock(file);
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as DataDirLockedError).owner.pid).toBe(process.pid);
    lock.release();
    expect(existsSync(file)).toBe(false);
    acquireDataDirLock(file).release();
  });

  it('takes over the lock of a process that has ended, and leaves no other file', () => {
    writeLock({ ...currentOwner(), pid: endedPid() });
    const lock = acquireDataDirLock(file);
    expect(ownerIn(file).pid).toBe(process.pid);
    expect(readdirSync(dir)).toEqual(['db.lock']);
    lock.release();
  });

  it('takes over a stale lock whose remover ended while removing it', () => {
    const stale = { ...currentOwner(), pid: endedPid() };
    writeLock(stale);
    writeFileSync(removalLockOf(file, JSON.stringify(stale)), JSON.stringify({ ...stale, taking: 'a-crashed-one' }));
    const lock = acquireDataDirLock(file);
    expect(ownerIn(file).pid).toBe(process.pid);
    expect(readdirSync(dir)).toEqual(['db.lock']);
    lock.release();
  });

  it('takes two lock texts apart even within one process', () => {
    const first = acquireDataDirLock(file);
    const firstText = readFileSync(file, 'utf8');
    first.release();
    const second = acquireDataDirLock(file);
    expect(readFileSync(file, 'utf8')).not.toBe(firstText);
    first.release();
    expect(existsSync(file)).toBe(true);
    second.release();
  });

  it.runIf(existsSync('/proc/self/stat'))(
    'takes over a lock whose pid now belongs to another process (another start time)',
    () => {
      writeLock({ ...currentOwner(), startTime: '1' });
      acquireDataDirLock(file).release();
      writeLock({ ...currentOwner(), bootId: 'an-earlier-boot' });
      acquireDataDirLock(file).release();
    },
  );

  it('counts a lock from another host as held: its process cannot be checked from here', () => {
    writeLock({ ...currentOwner(), pid: endedPid(), host: 'another-host' });
    expect(() => acquireDataDirLock(file)).toThrow(DataDirLockedError);
  });

  it('leaves a lock that is no longer its own when released', () => {
    const lock = acquireDataDirLock(file);
    const other = { ...currentOwner(), host: 'another-host' };
    writeLock(other);
    lock.release();
    expect(ownerIn(file)).toEqual(other);
  });

  /** Processes that try for the lock at the same instant: the lines they print. */
  async function race(count: number): Promise<string[]> {
    const contenders = Array.from({ length: count }, () =>
      spawn(process.execPath, ['--import', 'tsx', CONTENDER, file], { stdio: ['pipe', 'pipe', 'inherit'] }),
    );
    const outputs = contenders.map((child) => createInterface({ input: child.stdout })[Symbol.asyncIterator]());
    const next = async (index: number) => String((await outputs[index]!.next()).value);
    try {
      expect(await Promise.all(contenders.map((_, index) => next(index)))).toEqual(contenders.map(() => 'ready'));
      contenders.forEach((child) => child.stdin.write('go\n'));
      return await Promise.all(contenders.map((_, index) => next(index)));
    } finally {
      contenders.forEach((child) => child.stdin.end());
    }
  }

  it('goes to exactly one of several processes trying at once', async () => {
    const outcomes = await race(6);
    expect(outcomes.filter((outcome) => outcome === 'won')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'lost')).toHaveLength(5);
  });

  // A late reader of the stale lock once deleted the winner's lock: about one round in twenty.
  it('goes to exactly one of several processes taking over a stale lock at once', { timeout: 60_000 }, async () => {
    for (let round = 0; round < 4; round++) {
      writeLock({ ...currentOwner(), pid: endedPid() });
      const outcomes = await race(6);
      expect(outcomes.filter((outcome) => outcome === 'won')).toHaveLength(1);
    }
  });
});
