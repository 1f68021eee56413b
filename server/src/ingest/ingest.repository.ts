import { sql, type Kysely } from 'kysely';
import { THERMOCOUPLE_CODES, thermocoupleOfCode, type ThermocoupleType } from '@mouldwatch/shared';
import type { Database, NewReading } from '../infra/db/schema.js';
import { floatArrayText } from '../infra/db/array-params.js';
import { withConnectionFirst } from '../infra/db/session-priority.js';
import type { SeenMarks } from './seen-tracker.js';

/** A registered device as the ingest needs it. */
export interface IngestDevice {
  id: number;
  deviceNo: string;
  orgId: number;
  moldId: number | null;
  tokenHash: string;
  /** The bound mould's thermocouple: K readings are corrected as they come in. */
  thermocouple: ThermocoupleType;
}

export interface ReadingKey {
  device_id: number;
  seq: number;
}

/** A reading inserted, with the id of the transaction that stored it (xid8 as text). */
export type InsertedReading = ReadingKey & { xid: string };

export class IngestRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The devices of these token hashes, by token hash; one query however many. */
  async devicesByTokenHash(tokenHashes: readonly string[]): Promise<Map<string, IngestDevice>> {
    const rows = await this.#devices()
      .where(sql<boolean>`devices.token_hash = any(${tokenHashes}::text[])`)
      .execute();
    return new Map(rows.map((row) => [row.tokenHash, ingestDevice(row)]));
  }

  /** The devices of these serial numbers, by serial number; one query however many. */
  async devicesByNo(deviceNos: readonly string[]): Promise<Map<string, IngestDevice>> {
    const rows = await this.#devices()
      .where(sql<boolean>`devices.device_no = any(${deviceNos}::text[])`)
      .execute();
    return new Map(rows.map((row) => [row.deviceNo, ingestDevice(row)]));
  }

  /**
   * Runs `work` with this repository on one connection, held until `work` ends; the connection is
   * taken ahead of other queries waiting for the embedded database's session.
   */
  onOneConnection<X>(work: (repository: IngestRepository) => Promise<X>): Promise<X> {
    return withConnectionFirst((inTurn) =>
      this.db.connection().execute((connection) => inTurn(() => work(new IngestRepository(connection)))),
    );
  }

  /**
   * In one statement, so in one transaction and one round trip: inserts the readings not stored
   * yet (a (device, seq) already there, or twice in `readings`, is skipped) and, with `seen`,
   * writes those devices' last_seen_at. Answers the keys inserted, each with the transaction's id.
   *
   * Built for several of these running at once (each on its own connection):
   * - The readings are inserted in (device, seq) order. Two statements inserting the same key
   *   (a replay while the first is still being written) make the second wait for the first to
   *   end; with both in key order, neither can hold a key the other waits for while it waits
   *   itself: no deadlock.
   * - The devices are marked with SKIP LOCKED: a device row another statement is marking right
   *   now is left to that one (it writes about the same time), so the mark never waits and never
   *   takes part in a deadlock. A mark never moves last_seen_at back.
   * - The columns go as 16 array parameters unnested on the server (infra/db/array-params.ts).
   * - The batch's moulds are locked as a foreign key's check would lock them (`for key share`), once
   *   each: a mould's removal, which deletes its readings after the mould, waits for this insert to
   *   end. A reading whose mould is gone already (removed since its device was read) is stored
   *   unbound, as its device now is.
   */
  async storeReadings(readings: readonly NewReading[], seen?: SeenMarks): Promise<InsertedReading[]> {
    const column = <V>(value: (reading: NewReading) => V) => readings.map(value);
    const { rows } = await sql<InsertedReading>`
      with ${seen && seen.size > 0 ? sql`${markSeen(seen)},` : sql``} ${lockMoulds(readings)}
      insert into readings (device_id, seq, ts, mold_id, counter, cycle_time, open_time, close_time,
        mold_temp, hrs_temp, current, battery, lat, lng, wifi, event)
      select device_id, seq, to_timestamp(ts), case when mold_id = any(array(select id from mould)) then mold_id end,
        counter, cycle_time, open_time, close_time,
        mold_temp::float8[], hrs_temp::float8[], current, battery, lat, lng, wifi::jsonb, event
      from unnest(
        ${column((r) => r.device_id)}::bigint[], ${column((r) => r.seq)}::bigint[],
        ${column((r) => epochSeconds(r.ts))}::float8[], ${column((r) => r.mold_id ?? null)}::bigint[],
        ${column((r) => r.counter ?? null)}::int[], ${column((r) => r.cycle_time ?? null)}::float8[],
        ${column((r) => r.open_time ?? null)}::float8[], ${column((r) => r.close_time ?? null)}::float8[],
        ${column((r) => floatArrayText(r.mold_temp))}::text[], ${column((r) => floatArrayText(r.hrs_temp))}::text[],
        ${column((r) => r.current ?? null)}::float8[], ${column((r) => r.battery ?? null)}::float8[],
        ${column((r) => r.lat ?? null)}::float8[], ${column((r) => r.lng ?? null)}::float8[],
        ${column((r) => r.wifi ?? null)}::text[], ${column((r) => r.event ?? null)}::text[]
      ) as r(device_id, seq, ts, mold_id, counter, cycle_time, open_time, close_time,
        mold_temp, hrs_temp, current, battery, lat, lng, wifi, event)
      order by device_id, seq
      on conflict (device_id, seq) do nothing
      returning device_id, seq, pg_current_xact_id()::text as xid`.execute(this.db);
    return rows;
  }

  #devices() {
    return this.db
      .selectFrom('devices')
      .leftJoin('molds', 'molds.id', 'devices.mold_id')
      .select([
        'devices.id',
        'devices.device_no as deviceNo',
        'devices.org_id as orgId',
        'devices.mold_id as moldId',
        'devices.token_hash as tokenHash',
        'molds.thermocouple_type as thermocoupleCode',
      ]);
  }
}

function ingestDevice(row: Omit<IngestDevice, 'thermocouple'> & { thermocoupleCode: number | null }): IngestDevice {
  const { thermocoupleCode, ...device } = row;
  return { ...device, thermocouple: thermocoupleOfCode(thermocoupleCode ?? THERMOCOUPLE_CODES.J) };
}

/** The CTE that writes the devices' last_seen_at (see storeReadings). */
function markSeen(seen: SeenMarks) {
  const ids = [...seen.keys()];
  return sql`
    seen as (
      update devices set last_seen_at = to_timestamp(mark.at)
      from unnest(${ids}::bigint[], ${[...seen.values()].map((ms) => ms / 1000)}::float8[]) as mark(id, at)
      where devices.id = mark.id
        and (devices.last_seen_at is null or devices.last_seen_at < to_timestamp(mark.at))
        and devices.id in (select id from devices where id = any(${ids}::bigint[]) for no key update skip locked)
    )`;
}

/** The CTE that locks the readings' moulds still there, `mould` (see storeReadings). */
function lockMoulds(readings: readonly NewReading[]) {
  const ids = [
    ...new Set(readings.flatMap((reading) => (typeof reading.mold_id === 'number' ? [reading.mold_id] : []))),
  ];
  return sql`mould as (select id from molds where id = any(${ids}::bigint[]) for key share)`;
}

const epochSeconds = (ts: NewReading['ts']) => new Date(ts).getTime() / 1000;
