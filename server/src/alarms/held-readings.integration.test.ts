import { afterAll, beforeAll, expect, it } from 'vitest';
import { THERMOCOUPLE_CODES } from '@mouldwatch/shared';
import { ADMIN, startTestApp, type TestApp } from '../../test/test-app.js';
import { mouldWithDevice, userIdOf } from '../../test/factories.js';
import type { NewReading } from '../infra/db/schema.js';
import { TelemetryIngest } from '../ingest/telemetry-ingest.js';
import { AlarmsRepository } from './alarms.repository.js';
import { HeldReadings, type HeldReading } from './held-readings.js';

let app: TestApp;
let adminToken: string;
let adminId: number;

beforeAll(async () => {
  app = await startTestApp();
  adminToken = await app.login(ADMIN);
  adminId = await userIdOf(app.context.db, ADMIN.username);
});

afterAll(async () => {
  await app?.close();
});

const base = Math.floor(Date.now() / 1000) - 600;

/** Readings with every judged column, values that round-trip badly if anything were rounded on the way. */
const messages = [
  { seq: 1, ts: base, event: 'cycle', cycle_time: 31.7, open_time: 2.05, close_time: 1.4 },
  {
    seq: 2,
    ts: base + 2,
    mold_temp: [60.123456789, null, -3.3e-7, 999.9999999999],
    hrs_temp: [230.1, 229.87, null, null, null, 0.1],
  },
  { seq: 3, ts: base + 2, event: 'power_off', battery: 3.14159 },
  { seq: 4, ts: base + 3, event: 'heartbeat', current: 12.5, counter: 7 },
];

const bySeq = (a: { seq: number }, b: { seq: number }) => a.seq - b.seq;
const withoutReady = ({ ready: _ready, ...reading }: HeldReading) => reading;

it("holds a batch's readings exactly as the alarm run reads them back, and the read-back leaves out what is held", async () => {
  const batches: Array<{ xid: string; rows: readonly NewReading[] }> = [];
  const ingest = new TelemetryIngest(app.context, (xid, rows) => batches.push({ xid, rows }));
  const plain = await mouldWithDevice(app, adminToken, [adminId]);
  const corrected = await mouldWithDevice(app, adminToken, [adminId]);
  await app.context.db
    .updateTable('molds')
    .set({ thermocouple_type: THERMOCOUPLE_CODES.K })
    .where('id', '=', corrected.moldId)
    .execute();
  for (const { device } of [plain, corrected]) {
    const ingestDevice = (await ingest.deviceByToken(device.token))!;
    await ingest.ingest(ingestDevice, messages);
    // Sent again: duplicates, in no batch's rows.
    await ingest.ingest(ingestDevice, messages.slice(0, 2));
  }
  await ingest.close();

  expect(batches).toHaveLength(2);
  const repository = new AlarmsRepository();
  for (const { xid, rows } of batches) {
    const held = new HeldReadings(100);
    held.hold(xid, rows);
    const [transaction] = held.from(xid);
    const { readBack, leftOut } = await app.context.db.transaction().execute(async (trx) => {
      const { xmin } = await repository.horizon(trx);
      const below = (BigInt(xid) + 1n).toString();
      return {
        readBack: await repository.readingsFrom(trx, xid, xmin, [], { below, whole: true }),
        leftOut: await repository.readingsFrom(trx, xid, xmin, [xid], { below, whole: true }),
      };
    });
    expect(readBack).toHaveLength(messages.length);
    expect(transaction!.readings.map(withoutReady).sort(bySeq)).toEqual(readBack.map(withoutReady).sort(bySeq));
    expect(leftOut).toEqual([]);
  }
});
