import { describe, expect, it } from 'vitest';
import { TokenService } from '../../infra/security/tokens.js';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.js';

const tokens = new TokenService('a-secret-of-this-install-'.padEnd(40, 'x'));
const otherInstall = new TokenService('the-secret-of-another-install'.padEnd(40, 'y'));

describe('unsubscribe tokens', () => {
  it('name one user and one action, and verify under the same secret', () => {
    const token = signUnsubscribeToken(tokens, 42);
    expect(token).toMatch(/^alerts-off\.42\.[\w-]{43}$/);
    expect(verifyUnsubscribeToken(tokens, token)).toBe(42);
  });

  it('refuse a token signed by another install, or altered, or malformed', () => {
    const token = signUnsubscribeToken(tokens, 42);
    expect(verifyUnsubscribeToken(otherInstall, token)).toBeUndefined();
    // Another user with the first user's signature.
    expect(verifyUnsubscribeToken(tokens, token.replace('.42.', '.43.'))).toBeUndefined();
    // Another action with a valid signature of this one.
    expect(verifyUnsubscribeToken(tokens, token.replace('alerts-off', 'alerts-on'))).toBeUndefined();
    const signature = token.split('.')[2] ?? '';
    const flipped = signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    expect(verifyUnsubscribeToken(tokens, `alerts-off.42.${flipped}`)).toBeUndefined();
    for (const bad of ['', 'alerts-off', 'alerts-off.42', `alerts-off.42.${signature}x`, `alerts-off.-1.${signature}`])
      expect(verifyUnsubscribeToken(tokens, bad)).toBeUndefined();
  });

  it('is bound to its purpose: a MAC made for another use does not verify', () => {
    const forged = `alerts-off.42.${tokens.mac('message-id', 'alerts-off.42')}`;
    expect(verifyUnsubscribeToken(tokens, forged)).toBeUndefined();
  });
});
