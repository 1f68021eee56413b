import { sql, type Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Database, OutboxChannel, OutboxTable } from '../db/schema.js';
import type { PeriodicJob } from '../jobs/job-scheduler.js';
import type { SmsTransport } from '../sms/sms-gateway.js';
import { SmtpMailer, type MailTransport } from './mailer.js';
import { HttpSmsGateway } from '../sms/sms-gateway.js';
import type { Selectable } from 'kysely';
import { inParameterSlices } from '../db/parameter-slices.js';

/** Tries per message before it is given up as 'failed' (about an hour of retries, see backoffSeconds). */
export const OUTBOX_MAX_ATTEMPTS = 8;
const BACKOFF_BASE_SECONDS = 30;
const BACKOFF_CAP_SECONDS = 3600;
/** How long a claimed message is its sender's: past it (the sender died mid-call), another retries it. */
export const OUTBOX_LEASE_SECONDS = 120;
/** Messages claimed per round, and sent side by side. */
const CLAIM_BATCH = 20;
const PARALLEL_SENDS = 4;
/** One run stops after this many rounds; the next run (5 s later) goes on. */
const MAX_ROUNDS = 10;

/** The wait after the `attempts`-th failed try: 30 s, 1 min, 2 min … capped at an hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(BACKOFF_BASE_SECONDS * 2 ** Math.max(0, attempts - 1), BACKOFF_CAP_SECONDS);
}

/** A message to queue; channels without a configured transport are dropped by queue(). */
export interface QueuedMessage {
  userId: number | null;
  channel: OutboxChannel;
  to: string;
  subject?: string;
  text: string;
  html?: string;
  unsubscribeUrl?: string;
}

export interface OutboxTransports {
  email?: MailTransport;
  sms?: SmsTransport;
}

export interface SendRound {
  sent: number;
  retried: number;
  failed: number;
}

type OutboxRow = Selectable<OutboxTable>;

/** The transports the configuration names (SMTP_URL, SMS_URL); none where it names none. */
export function configuredTransports(config: AppContext['config']): OutboxTransports {
  return {
    ...(config.smtpUrl ? { email: new SmtpMailer(config.smtpUrl) } : {}),
    ...(config.smsUrl ? { sms: new HttpSmsGateway(config.smsUrl) } : {}),
  };
}

/**
 * The one outbox of e-mail and SMS (DESIGN §3 infra/mail, infra/sms). Callers queue messages in
 * their own transaction; the `outbox` job sends what is due. Each message is claimed first —
 * 'sending' with a lease, committed on its own (FOR UPDATE SKIP LOCKED, so instances share the
 * work and never take the same row) — then sent, then marked 'sent'. Only a crash between the
 * server's acceptance and that mark sends it again, after the lease, with the same Message-ID
 * (SMS: the same Idempotency-Key) so the receiving side can drop the copy (docs/decisions.md).
 */
export class Outbox {
  readonly #domain: string;
  readonly #from: string;

  constructor(
    private readonly context: AppContext,
    private readonly transports: OutboxTransports = configuredTransports(context.config),
  ) {
    const host = context.config.publicUrl ? new URL(context.config.publicUrl).hostname : 'localhost';
    this.#from = context.config.mailFrom ?? `Mouldwatch <alerts@${host}>`;
    this.#domain = (context.config.mailFrom ?? `alerts@${host}`).split('@').pop() ?? host;
  }

  /** Which channels can send at all. */
  configured(): { email: boolean; sms: boolean } {
    return { email: this.transports.email !== undefined, sms: this.transports.sms !== undefined };
  }

  /** Queues the messages (in the caller's transaction when given one); answers how many were queued. */
  async queue(db: Kysely<Database>, messages: readonly QueuedMessage[]): Promise<number> {
    const now = this.context.now();
    const rows = messages
      .filter((message) => this.transports[message.channel] !== undefined && message.to !== '')
      .map((message) => ({
        user_id: message.userId,
        channel: message.channel,
        to: message.to,
        subject: message.subject ?? '',
        text: message.text,
        html: message.html ?? null,
        unsubscribe_url: message.unsubscribeUrl ?? null,
        next_attempt_at: now,
        created_at: now,
      }));
    if (rows.length === 0) return 0;
    await inParameterSlices(rows, (slice) => db.insertInto('outbox').values(slice).execute());
    return rows.length;
  }

  /** The Message-ID of an outbox row: the same on every try, unguessable across installs. */
  messageId(id: number): string {
    return `<outbox.${id}.${this.context.tokens.mac('message-id', String(id)).slice(0, 16)}@${this.#domain}>`;
  }

  /** Sends what is due, a round of claimed messages at a time. */
  async sendDue(): Promise<SendRound> {
    const total: SendRound = { sent: 0, retried: 0, failed: 0 };
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      const claimed = await this.#claim();
      for (let i = 0; i < claimed.length; i += PARALLEL_SENDS) {
        const outcomes = await Promise.all(claimed.slice(i, i + PARALLEL_SENDS).map((row) => this.#deliver(row)));
        for (const outcome of outcomes) total[outcome] += 1;
      }
      if (claimed.length < CLAIM_BATCH) break;
    }
    return total;
  }

  asJob(intervalMs = 5000): PeriodicJob {
    return { name: 'outbox', intervalMs, run: () => this.sendDue() };
  }

  #claim(): Promise<OutboxRow[]> {
    const now = this.context.now();
    return this.context.db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('outbox')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('state', '=', 'queued'), eb('next_attempt_at', '<=', now)]),
            eb.and([eb('state', '=', 'sending'), eb('lease_until', '<=', now)]),
          ]),
        )
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(CLAIM_BATCH)
        .forUpdate()
        .skipLocked()
        .execute();
      if (due.length === 0) return [];
      return trx
        .updateTable('outbox')
        .set({
          state: 'sending',
          attempts: sql<number>`attempts + 1`,
          lease_until: new Date(now.getTime() + OUTBOX_LEASE_SECONDS * 1000),
        })
        .where(
          'id',
          'in',
          due.map((row) => row.id),
        )
        .returningAll()
        .execute();
    });
  }

  async #deliver(row: OutboxRow): Promise<keyof SendRound> {
    try {
      await this.#send(row);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = row.attempts >= OUTBOX_MAX_ATTEMPTS;
      this.context.log.warn({ outboxId: row.id, attempts: row.attempts, err: message }, 'outgoing message failed');
      await this.#settle(row, {
        state: giveUp ? 'failed' : 'queued',
        last_error: message.slice(0, 500),
        lease_until: null,
        next_attempt_at: new Date(this.context.now().getTime() + backoffSeconds(row.attempts) * 1000),
      });
      return giveUp ? 'failed' : 'retried';
    }
    await this.#settle(row, { state: 'sent', sent_at: this.context.now(), lease_until: null, last_error: '' });
    return 'sent';
  }

  /** Records the outcome unless another sender took the row over meanwhile (its lease ran out). */
  async #settle(row: OutboxRow, changes: Partial<Omit<OutboxRow, 'id'>>): Promise<void> {
    await this.context.db
      .updateTable('outbox')
      .set(changes)
      .where('id', '=', row.id)
      .where('state', '=', 'sending')
      .where('attempts', '=', row.attempts)
      .execute();
  }

  async #send(row: OutboxRow): Promise<void> {
    if (row.channel === 'email') {
      const mailer = this.transports.email;
      if (!mailer) throw new Error('SMTP_URL is not set');
      await mailer.send({
        messageId: this.messageId(row.id),
        from: this.#from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        unsubscribeUrl: row.unsubscribe_url,
      });
      return;
    }
    const gateway = this.transports.sms;
    if (!gateway) throw new Error('SMS_URL is not set');
    await gateway.send({ id: `outbox-${row.id}`, to: row.to, text: row.text });
  }
}
