import type { Kysely } from 'kysely';
import type { Database, NewReading } from '../infra/db/schema.js';

/** A registered device as the ingest needs it. */
export interface IngestDevice {
  id: number;
  deviceNo: string;
  orgId: number;
  moldId: number | null;
  tokenHash: string;
}

export interface ReadingKey {
  device_id: number;
  seq: number;
}

export class IngestRepository {
  constructor(private readonly db: Kysely<Database>) {}

  deviceByTokenHash(tokenHash: string): Promise<IngestDevice | undefined> {
    return this.#devices().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  deviceByNo(deviceNo: string): Promise<IngestDevice | undefined> {
    return this.#devices().where('device_no', '=', deviceNo).executeTakeFirst();
  }

  /**
   * In one transaction: inserts the readings not stored yet (a (device, seq) already there, or
   * twice in the batch, is skipped) and marks the devices seen. Answers the keys inserted.
   */
  storeReadings(readings: NewReading[], deviceIds: number[], seenAt: Date): Promise<ReadingKey[]> {
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('readings')
        .values(readings)
        .onConflict((conflict) => conflict.columns(['device_id', 'seq']).doNothing())
        .returning(['device_id', 'seq'])
        .execute();
      // In id order, so concurrent writers (other instances) lock device rows in one order.
      await trx
        .updateTable('devices')
        .set({ last_seen_at: seenAt })
        .where(
          'id',
          'in',
          [...deviceIds].sort((a, b) => a - b),
        )
        .execute();
      return inserted;
    });
  }

  #devices() {
    return this.db
      .selectFrom('devices')
      .select(['id', 'device_no as deviceNo', 'org_id as orgId', 'mold_id as moldId', 'token_hash as tokenHash']);
  }
}
