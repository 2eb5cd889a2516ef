import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';

/**
 * Security headers on every response. Scripts run only from the shop's own origin or inline with the
 * per-response nonce; inline style attributes stay allowed because the theme sets a few computed styles.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { development: boolean }): Promise<void> {
  await app.register(helmet, {
    global: true,
    // Vite's dev server injects unsigned inline scripts for hot reload; production always sends the policy.
    contentSecurityPolicy: options.development
      ? false
      : {
          useDefaults: true,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: [
              "'self'",
              (_req, res) => `'nonce-${(res as ServerResponse & { cspNonce?: string }).cspNonce ?? ''}'`,
            ],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'blob:'],
            fontSrc: ["'self'", 'data:'],
            connectSrc: ["'self'"],
            frameAncestors: ["'none'"],
            formAction: ["'self'"],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            upgradeInsecureRequests: null,
          },
        },
    crossOriginEmbedderPolicy: false,
  });
}
