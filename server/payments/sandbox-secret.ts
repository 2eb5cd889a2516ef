import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { keptSecret } from '../db/shop-secrets.ts';

const SANDBOX_SECRET = 'payment-sandbox-signing';

/**
 * The sandbox's signing secret: `PAYMENT_SANDBOX_SECRET` when set, otherwise one made at the first start and kept
 * in the database, so a test payment signed before a restart (or by another process) still verifies after it.
 * A shop that takes payments through Razorpay needs none.
 */
export async function withSandboxSecret(config: Config, db: Database): Promise<Config> {
  if (config.payments.razorpay || config.payments.sandboxSecret) return config;
  return { ...config, payments: { ...config.payments, sandboxSecret: await keptSecret(db, SANDBOX_SECRET) } };
}
