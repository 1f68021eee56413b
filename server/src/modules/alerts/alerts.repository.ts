import { sql, type Kysely, type Selectable } from 'kysely';
import type { AlertChannels, AlarmType } from '@mouldwatch/shared';
import type { Database, UserMessagesTable } from '../../infra/db/schema.js';

export type NoticeRow = Selectable<UserMessagesTable>;

/** A user with notices past their cursor, and what delivery needs to know of them. */
export interface WaitingUser {
  user_id: number;
  last_waiting_id: number;
  oldest_waiting_at: Date;
  cursor: number;
  period_start: Date | null;
  sent_in_period: number;
  name: string;
  email: string;
  mobile: string;
  subscribe: number;
  is_active: boolean;
  frequency: number;
  frequency_period: 'daily' | 'weekly';
  time_zone: string;
  unit: 'C' | 'F';
  language: string;
}

/** Notices listed in one message at most; the rest are counted ("and 12 more"). */
export const LISTED_NOTICES = 20;

export class AlertsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async channelsOf(userId: number): Promise<{ alarm_type: number; email: boolean; sms: boolean }[]> {
    return this.db
      .selectFrom('user_alert_channels')
      .select(['alarm_type', 'email', 'sms'])
      .where('user_id', '=', userId)
      .execute();
  }

  /** Replaces the user's channels: run it in the caller's transaction (two statements). */
  async saveChannels(userId: number, channels: AlertChannels, types: readonly AlarmType[]): Promise<void> {
    await this.db.deleteFrom('user_alert_channels').where('user_id', '=', userId).execute();
    await this.db
      .insertInto('user_alert_channels')
      .values(
        types.map((type) => ({
          user_id: userId,
          alarm_type: type,
          email: channels.email.includes(type),
          sms: channels.sms.includes(type),
        })),
      )
      .execute();
  }

  /** Users with notices past their cursor created between `since` and `until`, with their profile and budget. */
  async waitingUsers(trx: Kysely<Database>, since: Date, until: Date): Promise<WaitingUser[]> {
    const waiting = trx
      .selectFrom('user_messages as m')
      .leftJoin('alert_cursors as c', 'c.user_id', 'm.user_id')
      .where('m.created_at', '>=', since)
      .where('m.created_at', '<=', until)
      .where((eb) => eb('m.id', '>', eb.fn.coalesce('c.last_notice_id', sql.lit(0))))
      .groupBy('m.user_id')
      .select((eb) => [
        'm.user_id',
        eb.fn.max('m.id').as('last_waiting_id'),
        eb.fn.min('m.created_at').as('oldest_waiting_at'),
      ]);
    const rows = await trx
      .selectFrom(waiting.as('w'))
      .innerJoin('users as u', 'u.id', 'w.user_id')
      .leftJoin('alert_cursors as c', 'c.user_id', 'w.user_id')
      .select((eb) => [
        'w.user_id',
        'w.last_waiting_id',
        'w.oldest_waiting_at',
        eb.fn.coalesce('c.last_notice_id', sql.lit(0)).as('cursor'),
        'c.period_start',
        eb.fn.coalesce('c.sent_in_period', sql.lit(0)).as('sent_in_period'),
        'u.name',
        'u.email',
        'u.mobile',
        'u.subscribe',
        'u.is_active',
        'u.frequency',
        'u.frequency_period',
        'u.time_zone',
        'u.unit',
        'u.language',
      ])
      .orderBy('w.user_id')
      .execute();
    return rows.map((row) => ({
      ...row,
      user_id: Number(row.user_id),
      last_waiting_id: Number(row.last_waiting_id),
      oldest_waiting_at: new Date(row.oldest_waiting_at),
      cursor: Number(row.cursor),
      sent_in_period: Number(row.sent_in_period),
    }));
  }

  /** The newest notices of a user past the cursor up to `lastId`, and the count per alarm type. */
  async waitingNotices(
    trx: Kysely<Database>,
    userId: number,
    after: number,
    upTo: number,
    types: readonly number[],
  ): Promise<{ listed: NoticeRow[]; total: number }> {
    if (types.length === 0) return { listed: [], total: 0 };
    const scope = trx
      .selectFrom('user_messages')
      .where('user_id', '=', userId)
      .where('id', '>', after)
      .where('id', '<=', upTo)
      .where('alarm_type', 'in', [...types]);
    const [listed, count] = await Promise.all([
      scope.selectAll().orderBy('id', 'desc').limit(LISTED_NOTICES).execute(),
      scope.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { listed, total: Number(count.total) };
  }

  /** Moves the user's cursor; `sent` counts one more message in the period. */
  async advance(
    trx: Kysely<Database>,
    userId: number,
    lastNoticeId: number,
    budget: { periodStart: Date; sentInPeriod: number; sentAt: Date } | undefined,
  ): Promise<void> {
    const changes = {
      last_notice_id: lastNoticeId,
      ...(budget
        ? { period_start: budget.periodStart, sent_in_period: budget.sentInPeriod, last_sent_at: budget.sentAt }
        : {}),
    };
    await trx
      .insertInto('alert_cursors')
      .values({ user_id: userId, ...changes })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
      .execute();
  }

  async unsubscribe(userId: number): Promise<boolean> {
    const result = await this.db.updateTable('users').set({ subscribe: 0 }).where('id', '=', userId).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
