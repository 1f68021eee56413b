import { setTimeout as delay } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { startConsole } from './support/console.js';

const BACKFILLING = 'demo simulator playing the demo devices, back-filling';

/**
 * Issue 10: SIGTERM to `npm start` in its first minute could take ~70 s. The busiest moment of a
 * first start is the simulator back-filling six hours of readings of 24 devices through the ingest.
 */
it('stops within seconds when told to while the demo simulator back-fills', async () => {
  const running = await startConsole({ SIMULATOR: '1' });
  try {
    while (!running.output().includes(BACKFILLING)) await delay(100);
    await delay(3000);
  } finally {
    const stoppedAt = performance.now();
    const exitCode = await running.stop();
    const seconds = (performance.now() - stoppedAt) / 1000;
    console.warn(JSON.stringify({ test: 'stop-during-backfill', seconds: Math.round(seconds * 10) / 10 }));
    expect(seconds).toBeLessThan(10);
    expect(exitCode).toBe(0);
  }
});
