import {
  ALARM_TYPES,
  DEFAULT_ALERT_CHANNELS,
  isKnownTimeZone,
  nextDelivery,
  parseLanguage,
  type AlertChannels,
  type AlertChannelsConfigured,
  type Language,
} from '@mouldwatch/shared';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Config } from '../../config.js';
import type { Database } from '../../infra/db/schema.js';
import { tryJobLock } from '../../infra/jobs/job-lock.js';
import type { PeriodicJob } from '../../infra/jobs/job-scheduler.js';
import type { Outbox, QueuedMessage } from '../../infra/mail/outbox.js';
import { composeAlert, type AlertLinks } from './alert-message.js';
import { AlertsRepository, type WaitingUser } from './alerts.repository.js';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.js';

const JOB_NAME = 'alert-delivery';
/** Notices older than this are no longer news (a weekly digest waits at most a week). */
const OLDEST_NEWS_MS = 8 * 24 * 3600 * 1000;
/**
 * A notice is considered once it is this old: an insert that took a lower id but commits a little
 * later than a higher one is then visible before the cursor passes its id.
 */
const SETTLE_MS = 5000;

/** PUBLIC_URL, or where this server listens; never the request's Host header. */
export function publicBaseUrl(config: Config): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

export interface DeliveryRound {
  users: number;
  messages: number;
}

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Alert messages (docs/decisions.md, alerts-delivery): per user, the alarm types wanted by e-mail /
 * SMS, the batching of new notices into messages at the user's frequency, and the unsubscribe link.
 */
export class AlertsService {
  readonly #repository: AlertsRepository;

  constructor(
    private readonly context: AppContext,
    private readonly outbox: Outbox,
  ) {
    this.#repository = new AlertsRepository(context.db);
  }

  configured(): AlertChannelsConfigured {
    return this.outbox.configured();
  }

  /** The user's choice (in the given transaction, if any), or the defaults before they chose. */
  async channelsOf(userId: number, db: Kysely<Database> = this.context.db): Promise<AlertChannels> {
    const rows = await new AlertsRepository(db).channelsOf(userId);
    if (rows.length === 0) return { email: [...DEFAULT_ALERT_CHANNELS.email], sms: [...DEFAULT_ALERT_CHANNELS.sms] };
    const wanted = (channel: 'email' | 'sms') =>
      ALARM_TYPES.filter((type) => rows.some((row) => row.alarm_type === type && row[channel]));
    return { email: wanted('email'), sms: wanted('sms') };
  }

  /** Saves the user's channels inside `trx`, the transaction that saves the rest of their profile. */
  saveChannels(userId: number, channels: AlertChannels, trx: Transaction<Database>): Promise<void> {
    return new AlertsRepository(trx).saveChannels(userId, channels, ALARM_TYPES);
  }

  /** Switches the token's user's alerts off; false for a forged or unknown token. */
  async unsubscribe(token: string): Promise<boolean> {
    const userId = verifyUnsubscribeToken(this.context.tokens, token);
    return userId !== undefined && (await this.#repository.unsubscribe(userId));
  }

  /** The links of a message to a user: the console, and the unsubscribe page with its api URL. */
  links(userId: number, language: Language): AlertLinks & { unsubscribeApi: string } {
    const base = publicBaseUrl(this.context.config);
    const token = signUnsubscribeToken(this.context.tokens, userId);
    const unsubscribeApi = `${base}/api/yudata/unsubscribe/?token=${encodeURIComponent(token)}`;
    const unsubscribePage = `${base}/unsubscribeinfo?lang=${language}&api=${encodeURIComponent(unsubscribeApi)}`;
    return { base, unsubscribePage, unsubscribeApi };
  }

  /**
   * One round: for each user with new notices whose message is due, queue one e-mail and / or one
   * SMS and move the cursor, in one transaction (nothing queued twice, nothing skipped), on one
   * instance at a time.
   */
  deliver(): Promise<DeliveryRound> {
    const now = this.context.now();
    return this.context.db.transaction().execute(async (trx) => {
      if (!(await tryJobLock(trx, JOB_NAME))) return { users: 0, messages: 0 };
      const waiting = await this.#repository.waitingUsers(
        trx,
        new Date(now.getTime() - OLDEST_NEWS_MS),
        new Date(now.getTime() - SETTLE_MS),
      );
      let messages = 0;
      for (const user of waiting) messages += await this.#deliverTo(trx, user, now);
      return { users: waiting.length, messages };
    });
  }

  asJob(intervalMs = 15_000): PeriodicJob {
    return { name: JOB_NAME, intervalMs, run: () => this.deliver() };
  }

  async #deliverTo(trx: Kysely<Database>, user: WaitingUser, now: Date): Promise<number> {
    const configured = this.outbox.configured();
    const skip = () => this.#repository.advance(trx, user.user_id, user.last_waiting_id, undefined).then(() => 0);
    if (user.subscribe !== 1 || !user.is_active || (!configured.email && !configured.sms)) return skip();

    const zone = isKnownTimeZone(user.time_zone) ? user.time_zone : 'UTC';
    const frequency = user.frequency === 5 || user.frequency === 10 ? user.frequency : 3;
    const oldestWaiting = epochSeconds(user.oldest_waiting_at);
    const plan = nextDelivery(
      {
        frequency,
        period: user.frequency_period,
        zone,
        sentInPeriod: user.sent_in_period,
        periodStart: user.period_start ? epochSeconds(user.period_start) : null,
        oldestWaiting,
      },
      epochSeconds(now),
    );
    if (plan.at > epochSeconds(now)) return 0;

    const channels = await this.channelsOf(user.user_id, trx);
    const language = parseLanguage(user.language) ?? 'en';
    const links = this.links(user.user_id, language);
    const recipient = { name: user.name, language, zone, unit: user.unit, frequency, period: user.frequency_period };
    const digest = oldestWaiting < plan.periodStart;
    const queued: QueuedMessage[] = [];
    for (const channel of ['email', 'sms'] as const) {
      const to = channel === 'email' ? user.email : user.mobile;
      if (!configured[channel] || to.trim() === '' || channels[channel].length === 0) continue;
      const { listed, total } = await this.#repository.waitingNotices(
        trx,
        user.user_id,
        user.cursor,
        user.last_waiting_id,
        channels[channel],
      );
      if (total === 0) continue;
      const message = composeAlert(recipient, listed, total, digest, links);
      queued.push(
        channel === 'email'
          ? {
              userId: user.user_id,
              channel,
              to: to.trim(),
              subject: message.subject,
              text: message.text,
              html: message.html,
              unsubscribeUrl: links.unsubscribeApi,
            }
          : { userId: user.user_id, channel, to: to.trim(), text: message.sms },
      );
    }
    if (queued.length === 0) return skip();
    const count = await this.outbox.queue(trx, queued);
    const periodStart = new Date(plan.periodStart * 1000);
    const samePeriod = user.period_start?.getTime() === periodStart.getTime();
    await this.#repository.advance(trx, user.user_id, user.last_waiting_id, {
      periodStart,
      sentInPeriod: (samePeriod ? user.sent_in_period : 0) + 1,
      sentAt: now,
    });
    return count;
  }
}
