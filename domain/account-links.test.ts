import { describe, expect, it } from 'vitest';
import { judgeLink, LINK_LIFETIME_MS, LINK_TOKEN_PATTERN } from './account-links.ts';

describe('judgeLink', () => {
  const issued = new Date('2026-11-23T10:00:00Z');
  const expiresAt = new Date(issued.getTime() + LINK_LIFETIME_MS['password-reset']);

  it('holds a reset link for exactly 30 minutes', () => {
    expect(LINK_LIFETIME_MS['password-reset']).toBe(30 * 60_000);
    expect(judgeLink({ expiresAt, usedAt: null }, new Date(expiresAt.getTime() - 1))).toBe('valid');
    expect(judgeLink({ expiresAt, usedAt: null }, expiresAt)).toBe('expired');
  });

  it('calls a used link used, even once it would also have expired', () => {
    expect(judgeLink({ expiresAt, usedAt: issued }, new Date(issued.getTime() + 60_000))).toBe('used');
    expect(judgeLink({ expiresAt, usedAt: issued }, new Date(expiresAt.getTime() + 60_000))).toBe('used');
  });
});

describe('LINK_TOKEN_PATTERN', () => {
  it('takes 32 bytes of base64url and nothing longer, shorter or outside the alphabet', () => {
    const token = 'a'.repeat(42) + '_';
    expect(LINK_TOKEN_PATTERN.test(token)).toBe(true);
    expect(LINK_TOKEN_PATTERN.test(token.slice(1))).toBe(false);
    expect(LINK_TOKEN_PATTERN.test(`${token}a`)).toBe(false);
    expect(LINK_TOKEN_PATTERN.test(`${token.slice(1)}=`)).toBe(false);
  });
});
