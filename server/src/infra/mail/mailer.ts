import nodemailer, { type Transporter } from 'nodemailer';

/** One e-mail as the outbox hands it to the transport. */
export interface OutgoingMail {
  /** The outbox id; the Message-ID is derived from it, so a retry carries the same one. */
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** The https one-click unsubscribe link (RFC 8058), when the mail has one. */
  unsubscribeUrl: string | null;
}

export interface MailTransport {
  /** Resolves once the server accepted the mail; rejects on any refusal or network failure. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Bounded waits: a stalled SMTP server must not hold the sender past its lease. */
const TIMEOUT_MS = 20_000;

/** SMTP through nodemailer (`SMTP_URL` = smtp://user:pass@host:587 or smtps://…:465). */
export class SmtpMailer implements MailTransport {
  readonly #transport: Transporter;

  constructor(smtpUrl: string) {
    this.#transport = nodemailer.createTransport(smtpUrl, {
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      socketTimeout: TIMEOUT_MS,
    } as never);
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.#transport.sendMail({
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html === null ? {} : { html: mail.html }),
      messageId: mail.messageId,
      headers: mail.unsubscribeUrl
        ? {
            'List-Unsubscribe': `<${mail.unsubscribeUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          }
        : {},
    });
  }

  close(): void {
    this.#transport.close();
  }
}
