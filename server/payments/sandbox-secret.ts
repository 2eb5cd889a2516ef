import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { shopSecrets } from '../db/schema/index.ts';

const SANDBOX_SECRET = 'payment-sandbox-signing';

/**
 * The sandbox's signing secret: `PAYMENT_SANDBOX_SECRET` when set, otherwise one made at the first start and kept
 * in the database, so a test payment signed before a restart (or by another process) still verifies after it.
 * A shop that takes payments through Razorpay needs none.
 */
export async function withSandboxSecret(config: Config, db: Database): Promise<Config> {
  if (config.payments.razorpay || config.payments.sandboxSecret) return config;
  await db.insert(shopSecrets).values({ name: SANDBOX_SECRET, value: randomBytes(32).toString('hex') }).onConflictDoNothing();
  const [stored] = await db.select({ value: shopSecrets.value }).from(shopSecrets).where(eq(shopSecrets.name, SANDBOX_SECRET));
  if (!stored) throw new Error('The payment sandbox secret could not be stored');
  return { ...config, payments: { ...config.payments, sandboxSecret: stored.value } };
}
