import { describe, expect, it, vi } from 'vitest';
import { JobScheduler } from './job-scheduler.js';

const silentLog = { error: vi.fn() } as never;

describe('JobScheduler', () => {
  it('runs a job on its interval once started, and not after stop', async () => {
    vi.useFakeTimers();
    try {
      const scheduler = new JobScheduler(silentLog);
      const run = vi.fn(async () => undefined);
      scheduler.every({ name: 'tick', intervalMs: 1000, run });
      await vi.advanceTimersByTimeAsync(3000);
      expect(run).not.toHaveBeenCalled();
      scheduler.start();
      await vi.advanceTimersByTimeAsync(3000);
      expect(run).toHaveBeenCalledTimes(3);
      await scheduler.stop();
      await vi.advanceTimersByTimeAsync(3000);
      expect(run).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('skips a tick while the previous run is under way, and runNow joins it', async () => {
    vi.useFakeTimers();
    try {
      const scheduler = new JobScheduler(silentLog);
      let finish!: () => void;
      const run = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
      scheduler.every({ name: 'slow', intervalMs: 100, run });
      scheduler.start();
      await vi.advanceTimersByTimeAsync(550);
      expect(run).toHaveBeenCalledTimes(1);
      const joined = scheduler.runNow('slow');
      expect(run).toHaveBeenCalledTimes(1);
      finish();
      await joined;
      await scheduler.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('logs a failing run and keeps the job scheduled', async () => {
    vi.useFakeTimers();
    try {
      const log = { error: vi.fn() };
      const scheduler = new JobScheduler(log as never);
      const run = vi.fn(async () => {
        throw new Error('smtp away');
      });
      scheduler.every({ name: 'failing', intervalMs: 100, run });
      scheduler.start();
      await vi.advanceTimersByTimeAsync(250);
      expect(run).toHaveBeenCalledTimes(2);
      expect(log.error).toHaveBeenCalledTimes(2);
      await expect(scheduler.runNow('failing')).rejects.toThrow('smtp away');
      await scheduler.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops cleanly while a run under way fails', async () => {
    const scheduler = new JobScheduler(silentLog);
    let fail!: (error: Error) => void;
    scheduler.every({ name: 'dying', intervalMs: 100, run: () => new Promise((_, reject) => (fail = reject)) });
    const run = scheduler.runNow('dying');
    const stopped = scheduler.stop();
    fail(new Error('database closed'));
    await expect(run).rejects.toThrow('database closed');
    await expect(stopped).resolves.toBeUndefined();
  });

  it('refuses a name registered twice and an unknown name', () => {
    const scheduler = new JobScheduler(silentLog);
    scheduler.every({ name: 'once', intervalMs: 100, run: async () => undefined });
    expect(() => scheduler.every({ name: 'once', intervalMs: 100, run: async () => undefined })).toThrow('twice');
    expect(() => scheduler.runNow('never')).toThrow('no job');
  });
});
