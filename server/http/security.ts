import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

const NONCE_PLACEHOLDER = '__csp_nonce__';

/**
 * Razorpay Checkout, loaded on the payment step only: its script (and the risk-detection bundle checkout.js
 * fetches from Razorpay's CDN), the iframe it opens, its card-network images and its telemetry. Nothing else
 * from outside the shop may run or be framed.
 */
const RAZORPAY = {
  scripts: ['https://checkout.razorpay.com', 'https://cdn.razorpay.com'],
  frames: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  images: 'https://cdn.razorpay.com',
  connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
};

/**
 * Helmet's header set, worked out once at start instead of on every request (running its middleware chain per
 * request cost more than half of a small API response's throughput). Only the Content-Security-Policy varies:
 * it carries the response's script nonce.
 */
/**
 * The origins of the analytics tags, allowed only when the shop configures them (decision record 0066); they load
 * only for shoppers who allowed them. Google's list: developers.google.com/tag-platform/security/guides/csp.
 */
const GA4 = {
  scripts: ['https://*.googletagmanager.com'],
  images: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
};
const META_PIXEL = { scripts: ['https://connect.facebook.net'], images: ['https://www.facebook.com'], connect: ['https://www.facebook.com'] };

export interface TagOrigins {
  ga4: boolean;
  meta: boolean;
}

export function securityHeaders(options: { development: boolean; analytics?: TagOrigins }): {
  fixed: Record<string, string>;
  csp?: (nonce: string) => string;
  /** The same policy with the hashes of a cached page's inline scripts where the nonce would be (decision 25). */
  cspWithHashes?: (hashes: string[]) => string;
} {
  const tags = [...(options.analytics?.ga4 ? [GA4] : []), ...(options.analytics?.meta ? [META_PIXEL] : [])];
  const collected: Record<string, string> = {};
  const fakeResponse = {
    setHeader: (name: string, value: string | string[]) => {
      collected[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete collected[name.toLowerCase()];
    },
  };
  helmet({
    // Vite's dev server injects unsigned inline scripts for hot reload; production always sends the policy.
    contentSecurityPolicy: options.development
      ? false
      : {
          useDefaults: true,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", `'nonce-${NONCE_PLACEHOLDER}'`, ...RAZORPAY.scripts, ...tags.flatMap((tag) => tag.scripts)],
            // The theme sets a few computed inline styles; scripts are the dangerous half and stay locked.
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'blob:', RAZORPAY.images, ...tags.flatMap((tag) => tag.images)],
            fontSrc: ["'self'", 'data:'],
            connectSrc: ["'self'", ...RAZORPAY.connect, ...tags.flatMap((tag) => tag.connect)],
            frameSrc: RAZORPAY.frames,
            frameAncestors: ["'none'"],
            formAction: ["'self'"],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            upgradeInsecureRequests: null,
          },
        },
    crossOriginEmbedderPolicy: false,
  })(fakeResponse as never, fakeResponse as never, () => {});

  // Nothing here needs the camera, the microphone or the shopper's location; only Razorpay's frames may ask to pay.
  collected['permissions-policy'] = `camera=(), microphone=(), geolocation=(), payment=(${RAZORPAY.frames.map((origin) => `"${origin}"`).join(' ')})`;

  const policy = collected['content-security-policy'];
  delete collected['content-security-policy'];
  return {
    fixed: collected,
    csp: policy ? (nonce) => policy.replace(NONCE_PLACEHOLDER, nonce) : undefined,
    cspWithHashes: policy ? (hashes) => policy.replace(` 'nonce-${NONCE_PLACEHOLDER}'`, hashes.map((hash) => ` ${hash}`).join('')) : undefined,
  };
}

declare module 'fastify' {
  interface FastifyReply {
    cspNonce: string;
  }
}

/**
 * Security headers on every response; a fresh script nonce per response. Returns the policy maker for cached
 * pages, which carry their scripts' hashes instead of a nonce.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { development: boolean; analytics?: TagOrigins }): { cspWithHashes?: (hashes: string[]) => string } {
  const { fixed, csp, cspWithHashes } = securityHeaders(options);
  app.decorateReply('cspNonce', '');
  app.addHook('onRequest', async (_request, reply) => {
    void reply.headers(fixed);
    if (csp) {
      reply.cspNonce = nonce();
      void reply.header('content-security-policy', csp(reply.cspNonce));
    }
  });
  return { cspWithHashes };
}

/** 128 random bits for the script nonce, taken from a pooled buffer rather than a syscall per response. */
const POOL_SIZE = 4096;
let pool = Buffer.alloc(0);
let offset = POOL_SIZE;
function nonce(): string {
  if (offset + 16 > pool.length) {
    pool = crypto.getRandomValues(Buffer.alloc(POOL_SIZE));
    offset = 0;
  }
  offset += 16;
  return pool.subarray(offset - 16, offset).toString('base64');
}
