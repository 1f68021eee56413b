import { createHmac, randomBytes, randomUUID, webcrypto } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';

/** Long enough for a console left open on a shop-floor screen through a week of shifts. */
export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 3600;
const ALGORITHM = 'HS256';

export interface TokenClaims {
  userId: number;
  /** The user's token version when the token was issued; revocation raises the user's version. */
  version: number;
}

export class TokenService {
  readonly #key: Uint8Array;
  /**
   * The key imported once for signing and verifying: given the raw bytes, jose imports them again
   * for every token (a WebCrypto import per ping of every live socket).
   */
  readonly #signingKey: Promise<webcrypto.CryptoKey>;

  constructor(secret: string) {
    this.#key = new TextEncoder().encode(secret);
    this.#signingKey = webcrypto.subtle.importKey('raw', this.#key, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
  }

  async issue(claims: TokenClaims): Promise<string> {
    return new SignJWT({ ver: claims.version })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${TOKEN_LIFETIME_SECONDS}s`)
      .sign(await this.#signingKey);
  }

  /**
   * An HMAC-SHA256 (base64url) of `payload` under the install's secret, bound to `purpose` so a
   * value signed for one use (an unsubscribe link, a Message-ID) is worth nothing for another.
   */
  mac(purpose: string, payload: string): string {
    return createHmac('sha256', this.#key).update(`${purpose}\n${payload}`).digest('base64url');
  }

  /** The claims of a valid token, or undefined for anything forged, expired or malformed. */
  async verify(token: string): Promise<TokenClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, await this.#signingKey, {
        algorithms: [ALGORITHM],
        requiredClaims: ['sub', 'exp', 'jti'],
      });
      const userId = Number(payload.sub);
      const version = payload.ver;
      if (!Number.isSafeInteger(userId) || typeof version !== 'number') return undefined;
      return { userId, version };
    } catch {
      return undefined;
    }
  }
}

/**
 * JWT_SECRET when given, else a per-install secret generated once and kept in DATA_DIR. Instances
 * sharing DATA_DIR (on PostgreSQL) may start at once: the file is written aside and hard-linked into
 * place, so it appears whole, and the one that loses the race reads the winner's secret.
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const written = `${file}.${process.pid}.${randomUUID()}`;
  writeFileSync(written, randomBytes(48).toString('base64url'), { mode: 0o600 });
  try {
    linkSync(written, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(written);
  }
  return readFileSync(file, 'utf8').trim();
}
