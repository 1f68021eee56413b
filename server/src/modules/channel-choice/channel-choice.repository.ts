import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema.js';
import type { ChannelChoice } from './channel-choice.rules.js';

export class ChannelChoiceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The mould's stored `info` (read through moldInfoSchema), or undefined when there is no such mould. */
  async moldInfo(moldId: number): Promise<unknown> {
    const row = await this.db.selectFrom('molds').select('info').where('id', '=', moldId).executeTakeFirst();
    return row?.info;
  }

  async find(userId: number, moldId: number): Promise<ChannelChoice | undefined> {
    const row = await this.db
      .selectFrom('mold_channel_choices')
      .select(['mold_channels', 'hrs_channels'])
      .where('user_id', '=', userId)
      .where('mold_id', '=', moldId)
      .executeTakeFirst();
    return row && { mold: row.mold_channels, hrs: row.hrs_channels };
  }

  async save(userId: number, moldId: number, choice: ChannelChoice): Promise<void> {
    const values = { mold_channels: choice.mold, hrs_channels: choice.hrs, updated_at: new Date() };
    await this.db
      .insertInto('mold_channel_choices')
      .values({ user_id: userId, mold_id: moldId, ...values })
      .onConflict((conflict) => conflict.columns(['user_id', 'mold_id']).doUpdateSet(values))
      .execute();
  }
}
