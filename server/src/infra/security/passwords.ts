import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** `Algorithm.Argon2id`; the package's enum is a const enum, which isolated modules cannot read. */
const ARGON2ID: Algorithm = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so both cases take the same time. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy-password-0');
  return decoyHash;
}

/** Passwords travel base64-encoded (docs/api.md); undefined when the text is not valid base64. */
export function decodePassword(encoded: string): string | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return undefined;
  return Buffer.from(encoded, 'base64').toString('utf8');
}
