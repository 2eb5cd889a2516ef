import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security.ts';

const policy = (razorpayCheckout: boolean) => securityHeaders({ development: false, razorpayCheckout }).csp!('n0nce');
const directive = (csp: string, name: string) => csp.split(';').map((part) => part.trim()).find((part) => part.startsWith(`${name} `)) ?? '';

describe('content security policy', () => {
  it('lets in no third-party script or frame while the sandbox takes payments', () => {
    const csp = policy(false);
    expect(csp).not.toContain('razorpay');
    expect(directive(csp, 'script-src')).toBe("script-src 'self' 'nonce-n0nce'");
    expect(directive(csp, 'frame-src')).toBe('');
  });

  it('allows Razorpay Checkout\'s script, payment frame and telemetry once Razorpay is configured', () => {
    const csp = policy(true);
    expect(directive(csp, 'script-src')).toBe("script-src 'self' 'nonce-n0nce' https://checkout.razorpay.com https://cdn.razorpay.com");
    expect(directive(csp, 'frame-src')).toBe("frame-src 'self' https://api.razorpay.com https://checkout.razorpay.com");
    expect(directive(csp, 'connect-src')).toContain('https://lumberjack.razorpay.com');
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
  });
});
