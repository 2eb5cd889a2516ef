import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security.ts';

function directives(analytics?: { ga4: boolean; meta: boolean }): Record<string, string> {
  const policy = securityHeaders({ development: false, analytics }).csp!('n0nce');
  return Object.fromEntries(
    policy.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values.join(' ')];
    }),
  );
}

describe('the Content-Security-Policy and the analytics tags', () => {
  it('allows no tag origin when no tag is configured', () => {
    const policy = JSON.stringify(directives());
    expect(policy).not.toMatch(/google|facebook/);
    expect(JSON.stringify(directives({ ga4: false, meta: false }))).toBe(policy);
  });

  it("allows Google's origins for GA4 alone, and Meta's for the pixel alone", () => {
    const ga4 = directives({ ga4: true, meta: false });
    expect(ga4['script-src']).toContain('https://*.googletagmanager.com');
    expect(ga4['connect-src']).toContain('https://*.google-analytics.com');
    expect(ga4['connect-src']).toContain('https://*.analytics.google.com');
    expect(ga4['img-src']).toContain('https://*.google-analytics.com');
    expect(JSON.stringify(ga4)).not.toContain('facebook');

    const meta = directives({ ga4: false, meta: true });
    expect(meta['script-src']).toContain('https://connect.facebook.net');
    expect(meta['img-src']).toContain('https://www.facebook.com');
    expect(JSON.stringify(meta)).not.toContain('google');
    // The script nonce stays: the tags are allowed by origin, inline scripts still need the nonce or a hash.
    expect(meta['script-src']).toContain("'nonce-n0nce'");
  });
});
