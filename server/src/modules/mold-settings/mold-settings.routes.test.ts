import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode, correctKReading } from '@mouldwatch/shared';
import { createMold, mouldWithDevice, readingsOf, telemetryMessage, userIdOf } from '../../../test/factories.js';
import { ADMIN, VIEWER, startTestApp, type TestApp } from '../../../test/test-app.js';

let app: TestApp;
let admin: string;
let adminId: number;

const setThermocouple = (moldId: number, payload: Record<string, unknown>, token = admin) =>
  app.request({ method: 'PUT', url: `/api/yudata/mold/thermocouple/${moldId}/`, token, payload });
const factsOf = async (moldId: number) =>
  (await app.request({ method: 'GET', url: `/api/yudata/mold/${moldId}/`, token: admin })).json().data;

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.login(ADMIN);
  adminId = await userIdOf(app.context.db, ADMIN.username);
});
afterAll(() => app?.close());

describe('PUT /api/yudata/mold/thermocouple/:moldId/', () => {
  it('reads later readings as the new type and keeps the stored ones as they came in', async () => {
    const { moldId, device, send } = await mouldWithDevice(app, admin, [adminId]);
    expect((await factsOf(moldId)).thermocouple_type).toBe(0);
    await send([telemetryMessage(1, { mold_temp: [100, null, null, null] })]);

    const response = await setThermocouple(moldId, { thermocouple_type: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: ResponseCode.ok, data: { id: moldId, thermocouple_type: 1 } });
    expect((await factsOf(moldId)).thermocouple_type).toBe(1);
    // At once: the ingest's cached device (kept up to 10 s) hears of the change.
    await send([telemetryMessage(2, { mold_temp: [100, null, null, null] })]);

    const readings = await readingsOf(app.context.db, device.id);
    expect(readings.map((reading) => reading.mold_temp?.[0])).toEqual([100, correctKReading(100)]);
    expect(correctKReading(100)).not.toBe(100);

    expect((await setThermocouple(moldId, { thermocouple_type: 0 })).statusCode).toBe(200);
    await send([telemetryMessage(3, { mold_temp: [100, null, null, null] })]);
    expect((await readingsOf(app.context.db, device.id)).at(-1)?.mold_temp?.[0]).toBe(100);
  });

  it('refuses a mould shared to the caller, one not granted, a role without mould editing, and bad input', async () => {
    const viewerId = await userIdOf(app.context.db, VIEWER.username);
    const shared = await createMold(app.context.db, app.orgId, [viewerId]);
    await app.context.db
      .insertInto('user_mold_grants')
      .values({ user_id: adminId, mold_id: shared, shared_by: viewerId })
      .execute();
    const sharedAnswer = await setThermocouple(shared, { thermocouple_type: 1 });
    expect(sharedAnswer.statusCode).toBe(422);
    expect(sharedAnswer.json().msg).toBe('This mould is shared by others and cannot be modified');

    const foreign = await createMold(app.context.db, app.orgId);
    expect((await setThermocouple(foreign, { thermocouple_type: 1 })).statusCode).toBe(403);
    expect((await setThermocouple(shared, { thermocouple_type: 1 }, await app.login(VIEWER))).statusCode).toBe(403);

    const own = await createMold(app.context.db, app.orgId, [adminId]);
    const bad = await setThermocouple(own, { thermocouple_type: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('thermocouple_type');
    expect((await setThermocouple(own, {})).statusCode).toBe(400);
    expect((await factsOf(own)).thermocouple_type).toBe(0);
    expect((await factsOf(shared)).thermocouple_type).toBe(0);
  });
});
