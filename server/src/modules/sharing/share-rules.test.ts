import { describe, expect, it } from 'vitest';
import { accountRule } from '@mouldwatch/shared';
import {
  SHARE_TOKEN_PATTERN,
  hashShareToken,
  nameFromEmail,
  newShareToken,
  shareLinkExpiry,
  shareLinkState,
  usernameFromEmail,
} from './share-rules.js';
import { invitationMessage } from './share-texts.js';

describe('share rules', () => {
  it('makes unguessable URL-safe tokens and keeps only a hash that differs from them', () => {
    const tokens = new Set(Array.from({ length: 50 }, () => newShareToken()));
    expect(tokens.size).toBe(50);
    for (const token of tokens) {
      expect(token).toMatch(SHARE_TOKEN_PATTERN);
      expect(hashShareToken(token)).toMatch(/^[0-9a-f]{64}$/);
      expect(hashShareToken(token)).toBe(hashShareToken(token));
    }
  });

  it('says used before expired, and expires 7 days after the share', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    const expires = shareLinkExpiry(now);
    expect(expires.toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(shareLinkState({ used_at: null, expires_at: expires }, now)).toBe('valid');
    expect(shareLinkState({ used_at: null, expires_at: expires }, expires)).toBe('expired');
    expect(shareLinkState({ used_at: now, expires_at: expires }, new Date('2027-01-01'))).toBe('used');
  });

  it('derives user names that meet the account rule from any address', () => {
    const names = [
      ['Maria.Silva@x.com', 'maria.silva'],
      ['a@x.com', 'auser'],
      ['张三@x.cn', 'user'],
      ['with+tag@x.com', 'withtag'],
      [`${'long'.repeat(20)}@x.com`, 'long'.repeat(6)],
    ] as const;
    for (const [email, expected] of names) {
      const username = usernameFromEmail(email);
      expect(username).toBe(expected);
      expect(accountRule.safeParse(username).success, username).toBe(true);
      const suffixed = usernameFromEmail(email, 1, 'a1b2c3');
      expect(accountRule.safeParse(suffixed).success, suffixed).toBe(true);
    }
    expect(nameFromEmail('maria_silva@x.com')).toBe('maria silva');
    expect(nameFromEmail('__@x.com')).toBe('Guest');
  });

  it('writes the invitation in the language, escaping what the sharer typed', () => {
    const message = invitationMessage('zh', {
      sharer: '<b>Boss</b>',
      sharerEmail: 'boss@example.com',
      username: 'maria',
      newAccount: true,
      molds: [{ name: 'Cap & lid', mold_number: 'M-1' }],
      link: 'https://mw.example.com/loginByShare?token=abc',
      expiresAt: new Date('2026-12-01T10:00:00Z'),
    });
    expect(message.subject).toBe('<b>Boss</b> 在 Mouldwatch 上与您分享了 1 个模具');
    expect(message.text).toContain('Cap & lid (M-1)');
    expect(message.text).toContain('2026-12-01 10:00');
    expect(message.html).toContain('&lt;b&gt;Boss&lt;/b&gt;');
    expect(message.html).toContain('Cap &amp; lid');
    expect(message.html).not.toContain('<b>Boss');
  });
});
