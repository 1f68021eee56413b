// The state and alarm engines' own cost per reading (bench/engines.mjs): see that file.
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/src/infra/db/schema.ts';
import type { IngestDevice } from '../../server/src/ingest/ingest.repository.ts';
import type { TelemetryIngest } from '../../server/src/ingest/telemetry-ingest.ts';
import { startQuietServer } from './quiet-server.ts';
import { processCpuMs } from './proc.mjs';
import { judgedCycle } from './typescript-bench.mjs';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: process.env.DATABASE_URL ? 'postgres' : 'pglite' },
    moulds: { type: 'string', default: '200' },
    readings: { type: 'string', default: '7' },
    rounds: { type: 'string', default: '40' },
  },
});
const db = values.db === 'postgres' ? 'postgres' : 'pglite';
const mouldCount = Math.max(1, Number(values.moulds));
const perRound = Math.max(1, Number(values.readings));
const rounds = Math.max(1, Number(values.rounds));
const WARMUP_ROUNDS = 5;
/** The server's connections name themselves, so that their backends can be found. */
const APPLICATION = `engines-bench-${process.pid}`;
const pgUrl = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
pgUrl.searchParams.set('application_name', APPLICATION);

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** CPU ms of the PostgreSQL backends serving this server; 0 on PGlite. */
async function backendsMs(database: Kysely<Database>): Promise<number> {
  if (db !== 'postgres') return 0;
  const { rows } = await sql<{ pid: number }>`
    select pid from pg_stat_activity where application_name = ${APPLICATION}`.execute(database);
  // A backend that ended meanwhile counts nothing.
  return rows.reduce((sum, { pid }) => sum + ((processCpuMs(pid) as number | null) ?? 0), 0);
}

/** Monitored moulds with temperature and cycle settings around the readings (none opens an alarm), a device each. */
async function monitoredMoulds(database: Kysely<Database>, ingest: TelemetryIngest): Promise<IngestDevice[]> {
  const org = await database
    .insertInto('organizations')
    .values({ name: 'Engines bench' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const info = JSON.stringify({
    mold_temp_setting: [41, 42, 41].map((set, index) => ({ name: `T${index + 1}`, set, alert: 5 })),
    hot_temp_setting: [220, 221, 220, 220].map((set, index) => ({ name: `H${index + 1}`, set, alert: 10 })),
    cycle_time: 30.5,
    cycle_time_setting: { time: 120, alert: 4, early: 1.5 },
  });
  const devices = [];
  for (let index = 0; index < mouldCount; index += 1) {
    const mould = await database
      .insertInto('molds')
      .values({ org_id: org.id, name: `E${index}`, mold_number: `ME${index}`, launch_listen: 1, info })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database
      .insertInto('devices')
      .values({ org_id: org.id, device_no: `E${index}`, token_hash: `engines-bench-${index}`, mold_id: mould.id })
      .execute();
    devices.push((await ingest.deviceByNo(`E${index}`))!);
  }
  return devices;
}

/** A round: `perRound` readings of each mould in two seconds, stored through the ingest. */
async function storeRound(ingest: TelemetryIngest, devices: readonly IngestDevice[], round: number, t0: number) {
  await Promise.all(
    devices.map((device, index) =>
      ingest.ingest(
        device,
        Array.from({ length: perRound }, (_, reading) =>
          judgedCycle(
            round * perRound + reading,
            t0 + round * 2 + Math.floor((2 * reading) / perRound),
            1000 + round * perRound + reading + index,
          ),
        ),
      ),
    ),
  );
}

/** One run against a fresh server: the engines judging each round, or storing only. */
async function measure(judging: boolean) {
  const { server, stop } = await startQuietServer(db, pgUrl.href);
  try {
    const { db: database } = server.context;
    const { ingest, state, alarmEngine } = server.services;
    // The alarm engine runs when this bench says, not on the bus's timer; storing only: no state engine.
    await alarmEngine.stop();
    if (!judging) await state.stop();
    const devices = await monitoredMoulds(database, ingest);
    const t0 = Math.floor(Date.now() / 1000) - 2 * (WARMUP_ROUNDS + rounds) - 60;
    const spent = { cpu: 0, alarm: 0, db: 0, alarmDb: 0, readings: 0 };
    for (let round = 0; round < WARMUP_ROUNDS + rounds; round += 1) {
      const [cpu, backends] = [cpuMs(), await backendsMs(database)];
      await storeRound(ingest, devices, round, t0);
      await state.settled();
      const [cpuStored, backendsStored] = [cpuMs(), await backendsMs(database)];
      if (judging) await alarmEngine.evaluate();
      const [cpuJudged, backendsJudged] = [cpuMs(), await backendsMs(database)];
      if (round < WARMUP_ROUNDS) continue;
      spent.cpu += cpuJudged - cpu;
      spent.alarm += cpuJudged - cpuStored;
      spent.db += backendsJudged - backends;
      spent.alarmDb += backendsJudged - backendsStored;
      spent.readings += devices.length * perRound;
    }
    return spent;
  } finally {
    await stop();
  }
}

const storing = await measure(false);
const judged = await measure(true);
const perReading = (ms: number, readings: number) => Math.round((10_000 * ms) / readings) / 10;
const dbFigure = (ms: number, readings: number) => (db === 'postgres' ? perReading(ms, readings) : null);
console.log(
  JSON.stringify({
    bench: 'engines',
    db,
    moulds: mouldCount,
    readings_per_mould_run: perRound,
    readings: judged.readings,
    storing_cpu_us_per_reading: perReading(storing.cpu, storing.readings),
    storing_db_cpu_us_per_reading: dbFigure(storing.db, storing.readings),
    judged_cpu_us_per_reading: perReading(judged.cpu, judged.readings),
    judged_db_cpu_us_per_reading: dbFigure(judged.db, judged.readings),
    alarm_cpu_us_per_reading: perReading(judged.alarm, judged.readings),
    alarm_db_cpu_us_per_reading: dbFigure(judged.alarmDb, judged.readings),
  }),
);
