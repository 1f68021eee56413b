import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A real SMTP receiver: keeps what it accepts; refuses the next `refuse` messages with a 451. */
export class Mailbox {
  readonly received: string[] = [];
  refuse = 0;
  readonly server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData: (stream, _session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (this.refuse > 0) {
          this.refuse -= 1;
          const error = Object.assign(new Error('mailbox busy, try later'), { responseCode: 451 });
          callback(error);
          return;
        }
        this.received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });

  listen(): Promise<number> {
    return new Promise((resolve) =>
      this.server.listen(0, '127.0.0.1', () => resolve((this.server.server.address() as AddressInfo).port)),
    );
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The mails sent to the address, oldest first. */
  to(address: string): string[] {
    return this.received.filter((raw) => header(raw, 'To')?.toLowerCase().includes(address.toLowerCase()));
  }
}

/** A header's value, unfolded. */
export const header = (raw: string, name: string) =>
  new RegExp(`^${name}:(.*(?:\\r\\n[ \\t].*)*)`, 'im')
    .exec(raw)?.[1]
    ?.replace(/\r\n[ \t]+/g, ' ')
    .trim();

/** The decoded body of the part of this content type (quoted-printable or base64, as nodemailer chose). */
export function part(raw: string, type: string): string {
  const start = raw.indexOf(`Content-Type: ${type}`);
  if (start < 0) throw new Error(`no ${type} part`);
  const rest = raw.slice(start);
  const headEnd = rest.indexOf('\r\n\r\n');
  const head = rest.slice(0, headEnd);
  const body = rest.slice(headEnd + 4).split(/\r\n--/)[0] ?? '';
  const unix = (text: string) => text.replace(/\r\n/g, '\n');
  if (/base64/i.test(head)) return unix(Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'));
  if (/quoted-printable/i.test(head)) {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return unix(Buffer.from(bytes, 'latin1').toString('utf8'));
  }
  return unix(body);
}

/** The 6-digit code a mail carries. */
export function codeIn(raw: string): string {
  const code = /\b(\d{6})\b/.exec(part(raw, 'text/plain'))?.[1];
  if (!code) throw new Error('no code in the mail');
  return code;
}
