import { describe, expect, it } from 'vitest';
import { redactLinkTokens } from './log-redaction.ts';

describe('redactLinkTokens', () => {
  it('hides the token of reset and verification links and keeps the rest of the address', () => {
    const token = 'abcDEF123_-'.repeat(4).slice(0, 43);
    expect(redactLinkTokens(`/reset-password?token=${token}`)).toBe('/reset-password?token=[redacted]');
    expect(redactLinkTokens(`/verify-email?utm=mail&token=${token}#top`)).toBe('/verify-email?utm=mail&token=[redacted]#top');
    expect(redactLinkTokens('/products?search=rose&page=2')).toBe('/products?search=rose&page=2');
  });
});
