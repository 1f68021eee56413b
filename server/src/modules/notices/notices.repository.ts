import type { Insertable, Kysely, Selectable } from 'kysely';
import type { UnreadNotices } from '@mouldwatch/shared';
import type { Database, UserMessagesTable } from '../../infra/db/schema.js';

export type NoticeRow = Selectable<UserMessagesTable>;
export type NewNotice = Insertable<UserMessagesTable>;

export class NoticesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A page of the user's notices, newest first, with the total. */
  async page(userId: number, offset: number, limit: number): Promise<{ rows: NoticeRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('user_messages')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      this.db
        .selectFrom('user_messages')
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  async find(userId: number, id: number): Promise<NoticeRow | undefined> {
    return this.db
      .selectFrom('user_messages')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insert(notice: NewNotice): Promise<NoticeRow> {
    return this.db.insertInto('user_messages').values(notice).returningAll().executeTakeFirstOrThrow();
  }

  /** True when the user had such a notice. */
  async delete(userId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('user_messages')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async markAllRead(userId: number): Promise<number> {
    const result = await this.db
      .updateTable('user_messages')
      .set({ is_read: true })
      .where('user_id', '=', userId)
      .where('is_read', '=', false)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** The unread notices of each of these users (absent: none), in one query. */
  async unreadCounts(userIds: readonly number[]): Promise<Map<number, UnreadNotices>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('user_messages')
      .select((eb) => ['user_id', eb.fn.countAll<string>().as('unread'), eb.fn.max('id').as('newest')])
      .where('user_id', 'in', userIds)
      .where('is_read', '=', false)
      .groupBy('user_id')
      .execute();
    return new Map(rows.map((row) => [row.user_id, { count: Number(row.unread), newestId: Number(row.newest) }]));
  }
}
