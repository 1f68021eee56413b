import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { noFractions } from '@mouldwatch/shared';
import { createMold } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import type { SlotAccounts } from './slot-accounting.js';
import { StateRepository } from './state.repository.js';

let app: TestApp;
let moldIds: number[];
beforeAll(async () => {
  app = await startTestApp();
  moldIds = [];
  for (let index = 0; index < 50; index += 1) moldIds.push(await createMold(app.context.db, app.orgId));
});
afterAll(async () => {
  await app?.close();
});

const SLOT_START = 1_767_225_600;
/** 50 moulds × 200 quarter hours: 10,000 slots, 80,000 values (a statement holds at most 65,535 parameters). */
function manySlots(runSeconds: number): Array<{ moldId: number; shares: SlotAccounts }> {
  return moldIds.map((moldId) => ({
    moldId,
    shares: new Map(
      Array.from({ length: 200 }, (_, index) => [
        SLOT_START + index * 900,
        { fractions: { ...noFractions(), c_run_time: runSeconds }, energyKwh: 0.5 },
      ]),
    ),
  }));
}

const totals = async () => {
  const { rows } = await sql<{ slots: string; run: number; energy: number }>`
    select count(*) as slots, sum(c_run_time)::float8 as run, sum(energy_kwh)::float8 as energy
    from time_state_slots where mold_id = any(${moldIds}::bigint[])`.execute(app.context.db);
  return { slots: Number(rows[0]!.slots), run: rows[0]!.run, energy: rows[0]!.energy };
};

it("adds to and replaces 10,000 slots of 50 moulds in one statement each, past the statement's 65,535 parameters", async () => {
  const repository = new StateRepository();
  await app.context.db.transaction().execute((trx) => repository.addToSlots(trx, manySlots(600)));
  await app.context.db.transaction().execute((trx) => repository.addToSlots(trx, manySlots(100)));
  expect(await totals()).toEqual({ slots: 10_000, run: 10_000 * 700, energy: 10_000 });

  await app.context.db.transaction().execute((trx) => repository.replaceSlots(trx, manySlots(300)));
  expect(await totals()).toEqual({ slots: 10_000, run: 10_000 * 300, energy: 5_000 });
});
