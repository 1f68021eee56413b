import { sql } from 'kysely';
import { RAW_RETENTION_DAYS, TOO_OLD_READINGS_NOTICE_TYPE, type DeviceMessage } from '@mouldwatch/shared';
import type { AppContext } from '../app-context.js';
import { inTransaction } from '../infra/db/transaction.js';
import { AlarmsRepository } from '../alarms/alarms.repository.js';
import type { IngestDevice } from './ingest.repository.js';

/**
 * A device's too-old readings arriving with less than this between them are one burst, and raise one
 * notice: a device back from weeks in storage uploads its buffer over minutes, in many requests or
 * publishes, perhaps slowed by its rate limit.
 */
export const TOO_OLD_BURST_GAP_MS = 3_600_000;

/** Whether a reading at `ts` (epoch s) is older than the raw retention at `now`: stored, counted nowhere. */
export const isTooOld = (ts: number, now: Date) => ts < now.getTime() / 1000 - RAW_RETENTION_DAYS * 86_400;

/**
 * Keeps count, with the device, of the readings stored that are older than the raw retention (no
 * slot, bucket or report counts them), and tells the users who may read the device's mould with a
 * notice at the first of each burst. Both transports come through here (TelemetryIngest.ingest).
 */
export class TooOldReadingsRecorder {
  readonly #alarms = new AlarmsRepository();

  constructor(private readonly context: AppContext) {}

  /**
   * Counts `messages` (stored now, all too old) against the device; at the start of a burst, a notice
   * to each reader of its mould, announced after the commit.
   */
  async record(device: IngestDevice, messages: readonly DeviceMessage[]): Promise<void> {
    if (messages.length === 0) return;
    const now = this.context.now();
    const oldest = Math.min(...messages.map((message) => message.ts));
    const notices = await inTransaction(this.context.db, async (trx) => {
      // The row is locked first and its last too-old arrival read as it was: two batches of the same
      // device written side by side count both, and only the first begins a burst.
      const { rows } = await sql<{ new_burst: boolean; mold_id: number | null }>`
        with before as (select id, too_old_last_at from devices where id = ${device.id} for update)
        update devices d set
          too_old_count = d.too_old_count + ${messages.length},
          too_old_last_at = ${now},
          too_old_oldest_ts = least(coalesce(d.too_old_oldest_ts, to_timestamp(${oldest})), to_timestamp(${oldest})),
          too_old_burst_at = case when before.too_old_last_at is null
            or before.too_old_last_at < ${new Date(now.getTime() - TOO_OLD_BURST_GAP_MS)} then ${now}
            else d.too_old_burst_at end
        from before where d.id = before.id
        returning (before.too_old_last_at is null
          or before.too_old_last_at < ${new Date(now.getTime() - TOO_OLD_BURST_GAP_MS)}) as new_burst, d.mold_id`.execute(
        trx,
      );
      const row = rows[0];
      if (!row?.new_burst || row.mold_id === null) return [];
      const moldId = Number(row.mold_id);
      const mould = await trx
        .selectFrom('molds')
        .select(['name', 'mold_number'])
        .where('id', '=', moldId)
        .executeTakeFirst();
      if (!mould) return [];
      const readers = (await this.#alarms.readersOf(trx, [moldId])).get(moldId) ?? [];
      const content = JSON.stringify({
        number: mould.mold_number,
        device_no: device.deviceNo,
        count: messages.length,
        oldest_ts: oldest,
        retention_days: RAW_RETENTION_DAYS,
      });
      return this.#alarms.insertNotices(
        trx,
        readers.map((userId) => ({
          user_id: userId,
          alarm_type: TOO_OLD_READINGS_NOTICE_TYPE,
          unique_str: `too-old:${device.id}:${now.getTime()}`,
          mold_id: moldId,
          mold_name: mould.name,
          mold_number: mould.mold_number,
          content,
        })),
      );
    });
    for (const notice of notices) this.context.bus.publish('notice', { userId: notice.user_id, noticeId: notice.id });
  }
}
