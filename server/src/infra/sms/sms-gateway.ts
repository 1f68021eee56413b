/** One SMS as the outbox hands it to the gateway. */
export interface OutgoingSms {
  /** The outbox id: the body's `id` and the Idempotency-Key header, the same on every retry. */
  id: string;
  to: string;
  text: string;
}

export interface SmsTransport {
  /** Resolves on a 2xx answer; anything else (status, network, timeout) rejects and is retried. */
  send(sms: OutgoingSms): Promise<void>;
}

const TIMEOUT_MS = 15_000;

/**
 * The HTTP SMS gateway at `SMS_URL` (docs/api.md "SMS gateway"): `POST SMS_URL` with
 * `Content-Type: application/json`, `Idempotency-Key: <id>` and the body `{"to", "text", "id"}`.
 * A factory points it at its provider or at a small adapter in front of it.
 */
export class HttpSmsGateway implements SmsTransport {
  constructor(private readonly url: string) {}

  async send(sms: OutgoingSms): Promise<void> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': sms.id },
      body: JSON.stringify({ to: sms.to, text: sms.text, id: sms.id }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
    // The body is not needed; reading it lets the connection be reused.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new Error(`SMS gateway answered HTTP ${response.status}`);
  }
}
