import type { DeviceMessage } from '@mouldwatch/shared';
import { SimulatedDevice, profileFor } from './device-model.js';
import type { DeviceIdentity, Transport } from './transports.js';

export interface RunOptions {
  /** Hours of history to send first, as fast as the server takes them. */
  backfillHours: number;
  /** How long to run live after the backfill, s (Infinity: until stopped). */
  durationSeconds: number;
  /** Messages per request or burst while back-filling. */
  batchSize: number;
  signal?: AbortSignal;
  /** After the server acknowledged messages of a device: the last one carries its counter. */
  onSent?: (deviceNo: string, messages: readonly DeviceMessage[]) => void;
}

/** Waits, or less when the run is stopped meanwhile. */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, ms));
    signal?.addEventListener('abort', done, { once: true });
  });

/** Sends a device's past up to now in batches, then its readings as they happen. */
export async function runDevice(
  identity: DeviceIdentity,
  index: number,
  transport: Transport,
  options: RunOptions,
): Promise<void> {
  const now = () => Math.floor(Date.now() / 1000);
  const profile = identity.profile ?? profileFor(identity.device_no, index);
  const device = new SimulatedDevice(identity.device_no, profile, Math.floor(now() - options.backfillHours * 3600), {
    counter: identity.counter,
  });
  const send = async (messages: DeviceMessage[]) => {
    await transport.send(messages);
    options.onSent?.(identity.device_no, messages);
  };
  let batch: DeviceMessage[] = [];
  while (device.clock < now() && !options.signal?.aborted) {
    batch.push(device.step());
    if (batch.length >= options.batchSize) {
      await send(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await send(batch);

  const stopAtMs = Date.now() + options.durationSeconds * 1000;
  while (!options.signal?.aborted) {
    const message = device.step();
    const dueMs = message.ts * 1000;
    await sleep(Math.min(dueMs, stopAtMs) - Date.now(), options.signal);
    if (options.signal?.aborted || dueMs > stopAtMs) break;
    await send([message]);
  }
}
