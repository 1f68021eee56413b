import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema.js';

export class MoldSettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Sets the mould's thermocouple code; answers the ids of the devices bound to it. */
  async setThermocouple(moldId: number, code: number, now: Date): Promise<number[]> {
    await this.db
      .updateTable('molds')
      .set({ thermocouple_type: code, updated_at: now })
      .where('id', '=', moldId)
      .execute();
    const devices = await this.db.selectFrom('devices').select('id').where('mold_id', '=', moldId).execute();
    return devices.map((device) => device.id);
  }
}
