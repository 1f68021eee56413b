import { randomUUID } from 'node:crypto';
import { NOTICE_PAGE_SIZE, type AlarmType, type Notice, type UnreadNotices } from '@mouldwatch/shared';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../infra/http/errors.js';
import { presentNotice } from './notices.presenter.js';
import { NoticesRepository } from './notices.repository.js';

export interface NoticeDraft {
  userId: number;
  alarmType: AlarmType;
  moldId?: number | null;
  moldName?: string;
  moldNumber?: string;
  /** Serialised as the notice's JSON content. */
  content: Record<string, unknown>;
  /** Identifies the alarm occurrence the notice is about; generated when absent. */
  uniqueStr?: string;
}

/** A user's notices: listed by the bell, pushed live when created, deleted when opened. */
export class NoticesService {
  readonly #repository: NoticesRepository;

  constructor(private readonly context: AppContext) {
    this.#repository = new NoticesRepository(context.db);
  }

  async page(userId: number, page: number, limit = NOTICE_PAGE_SIZE): Promise<{ items: Notice[]; total: number }> {
    const { rows, total } = await this.#repository.page(userId, (page - 1) * limit, limit);
    return { items: rows.map(presentNotice), total };
  }

  async get(userId: number, id: number): Promise<Notice> {
    const row = await this.#repository.find(userId, id);
    if (!row) throw notFound();
    return presentNotice(row);
  }

  /** Stores the notice and announces it to the user's live sockets. */
  async create(draft: NoticeDraft): Promise<Notice> {
    const row = await this.#repository.insert({
      user_id: draft.userId,
      alarm_type: draft.alarmType,
      unique_str: draft.uniqueStr ?? randomUUID(),
      mold_id: draft.moldId ?? null,
      mold_name: draft.moldName ?? '',
      mold_number: draft.moldNumber ?? '',
      content: JSON.stringify(draft.content),
    });
    const notice = presentNotice(row);
    this.context.bus.publish('notice', { userId: draft.userId, noticeId: notice.id });
    return notice;
  }

  /** Another user's notice is as absent as one that never existed. */
  async delete(userId: number, id: number): Promise<void> {
    if (!(await this.#repository.delete(userId, id))) throw notFound();
  }

  markAllRead(userId: number): Promise<number> {
    return this.#repository.markAllRead(userId);
  }

  async unreadCount(userId: number): Promise<number> {
    return (await this.#repository.unreadCounts([userId])).get(userId)?.count ?? 0;
  }

  /** The unread notices of each of these users (absent: none). */
  unreadCounts(userIds: readonly number[]): Promise<Map<number, UnreadNotices>> {
    return this.#repository.unreadCounts(userIds);
  }
}
