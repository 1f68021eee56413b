import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMold, registerDevice } from '../../test/factories.js';
import { ADMIN, startTestApp, type TestApp } from '../../test/test-app.js';
import { DeviceDirectory } from './device-directory.js';
import { IngestRepository } from './ingest.repository.js';

let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await startTestApp();
  admin = await app.login(ADMIN);
});
afterAll(async () => {
  await app?.close();
});

/** A directory on the real database with a clock of the test's own, and the look-ups it makes. */
function directory() {
  const repository = new IngestRepository(app.context.db);
  const lookups = vi.spyOn(repository, 'devicesByNo');
  const clock = { ms: 0 };
  return { devices: new DeviceDirectory(repository, app.context.bus, () => clock.ms), lookups, clock };
}

/** Binds the device behind the cache's back, as another instance whose message on the bus was lost. */
const bindQuietly = (deviceId: number, moldId: number | null) =>
  app.context.db.updateTable('devices').set({ mold_id: moldId }).where('id', '=', deviceId).execute();
const lookupsDone = (lookups: ReturnType<typeof directory>['lookups']) =>
  Promise.allSettled(lookups.mock.results.map((result) => result.value));

describe('the device directory', () => {
  it('looks up devices that report together in one query', async () => {
    const registered = await Promise.all(Array.from({ length: 12 }, () => registerDevice(app, admin)));
    const { devices, lookups } = directory();
    const found = await Promise.all([
      ...registered.map(({ device_no }) => devices.byDeviceNo(device_no)),
      devices.byDeviceNo('NO-SUCH-DEVICE'),
    ]);
    expect(found.map((device) => device?.id)).toEqual([...registered.map(({ id }) => id), undefined]);
    expect(lookups).toHaveBeenCalledOnce();
    // Known ones, and the absent one, are answered from the cache now.
    await devices.byDeviceNo(registered[0]!.device_no);
    expect(await devices.byDeviceNo('NO-SUCH-DEVICE')).toBeUndefined();
    expect(lookups).toHaveBeenCalledOnce();
  });

  it('serves a device it looks up again in the last seconds of its entry, then the new answer', async () => {
    const device = await registerDevice(app, admin);
    const moldId = await createMold(app.context.db, app.orgId, []);
    const { devices, lookups, clock } = directory();
    expect((await devices.byDeviceNo(device.device_no))?.moldId).toBeNull();
    await bindQuietly(device.id, moldId);
    clock.ms = 6_000;
    expect((await devices.byDeviceNo(device.device_no))?.moldId).toBeNull();
    expect(lookups).toHaveBeenCalledOnce();
    clock.ms = 8_000;
    expect((await devices.byDeviceNo(device.device_no))?.moldId).toBeNull();
    await vi.waitFor(() => expect(lookups).toHaveBeenCalledTimes(2));
    await lookupsDone(lookups);
    clock.ms = 9_000;
    expect((await devices.byDeviceNo(device.device_no))?.moldId).toBe(moldId);
    // The new entry lives from the look-up's start: 8 s to 18 s, looked up again from 15 s on.
    clock.ms = 14_000;
    await devices.byDeviceNo(device.device_no);
    expect(lookups).toHaveBeenCalledTimes(2);
  });

  it('does not keep an answer that a change on the bus overtook, and waits once an entry is past its life', async () => {
    const device = await registerDevice(app, admin);
    const moldId = await createMold(app.context.db, app.orgId, []);
    const { devices, lookups, clock } = directory();
    await devices.byDeviceNo(device.device_no);
    // The refresh reads the device as it was, and answers only after it changed and the bus said so.
    let read!: () => void;
    const wasRead = new Promise<void>((resolve) => (read = resolve));
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    lookups.mockImplementationOnce(async function (this: IngestRepository, deviceNos) {
      const found = await IngestRepository.prototype.devicesByNo.call(this, deviceNos);
      read();
      await answered;
      return found;
    });
    clock.ms = 8_000;
    await devices.byDeviceNo(device.device_no);
    await wasRead;
    await bindQuietly(device.id, moldId);
    app.context.bus.publish('deviceChanged', { deviceId: device.id });
    answer();
    await lookupsDone(lookups);
    expect((await devices.byDeviceNo(device.device_no))?.moldId).toBe(moldId);
    expect(lookups).toHaveBeenCalledTimes(3);
    await bindQuietly(device.id, null);
    clock.ms = 20_000;
    expect((await devices.byDeviceNo(device.device_no))?.moldId).toBeNull();
    expect(lookups).toHaveBeenCalledTimes(4);
  });
});
