import { createHash, randomBytes } from 'node:crypto';

/** A device's secret: 32 random bytes, base64url. Shown once; only its hash is kept. */
export function generateDeviceToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * SHA-256 (hex), not argon2: a device token has 256 bits of entropy, so there is nothing to
 * guess and a slow hash would protect nothing while costing tens of milliseconds on every
 * message. An unsalted hash also lets the ingest find the device by its token's hash.
 */
export function hashDeviceToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
