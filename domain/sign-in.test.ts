import { describe, expect, it } from 'vitest';
import { judgeChallenge, safeReturnPath, SIGN_IN_CODE_TRIES, signInMessages } from './sign-in.ts';

const now = new Date('2026-11-27T10:00:00Z');
const live = { expiresAt: new Date(now.getTime() + 60_000), usedAt: null, failedAttempts: 0 };

describe('sign-in codes and links', () => {
  it('are good once, until they expire, and until the tries run out', () => {
    expect(judgeChallenge(live, now)).toBe('valid');
    expect(judgeChallenge({ ...live, expiresAt: now }, now)).toBe('expired');
    expect(judgeChallenge({ ...live, usedAt: now, expiresAt: new Date(0) }, now)).toBe('used');
    expect(judgeChallenge({ ...live, failedAttempts: SIGN_IN_CODE_TRIES - 1 }, now)).toBe('valid');
    expect(judgeChallenge({ ...live, failedAttempts: SIGN_IN_CODE_TRIES }, now)).toBe('worn-out');
  });

  it('say how many tries are left', () => {
    expect(signInMessages.code.wrong(1)).toContain('1 try left');
    expect(signInMessages.code.wrong(3)).toContain('3 tries left');
  });

  it('bring the reader back only to a page of the shop', () => {
    expect(safeReturnPath('/checkout')).toBe('/checkout');
    expect(safeReturnPath('/products/moon-oil?size=50')).toBe('/products/moon-oil?size=50');
    for (const outside of ['//evil.example', 'https://evil.example/', '/\\evil.example', '/admin/orders', '/api/auth/me', '', 'checkout', '/a b']) {
      expect(safeReturnPath(outside)).toBe('/');
    }
  });
});
