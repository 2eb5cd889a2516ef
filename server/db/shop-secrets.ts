import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './client.ts';
import { shopSecrets } from './schema/index.ts';

/**
 * A signing secret made once, at its first use, and kept in the database: the same across restarts and across
 * every process on the database, so what one process signed another verifies. Two processes asking at once
 * keep whichever was stored first.
 */
export async function keptSecret(db: Database, name: string): Promise<string> {
  await db.insert(shopSecrets).values({ name, value: randomBytes(32).toString('hex') }).onConflictDoNothing();
  const [stored] = await db.select({ value: shopSecrets.value }).from(shopSecrets).where(eq(shopSecrets.name, name));
  if (!stored) throw new Error(`The secret ${name} could not be stored`);
  return stored.value;
}

/**
 * HMAC-SHA256 signatures under a kept secret, for links that prove what they were made for (an unsubscribe, a
 * cash-on-delivery confirmation) without a sign-in. The secret is read at construction, outside any transaction:
 * links are signed inside the transactions that enqueue e-mails, and the embedded database's one connection
 * cannot answer a second query while such a transaction holds it.
 */
export class SecretSigner {
  private readonly secret: Promise<string>;

  constructor(db: Database, name: string) {
    this.secret = keptSecret(db, name);
    this.secret.catch(() => {});
  }

  async sign(message: string): Promise<string> {
    return createHmac('sha256', await this.secret)
      .update(message)
      .digest('hex');
  }

  /** Compared in constant time; anything that is not the signature (wrong length, not hex) is simply false. */
  async verify(message: string, token: string): Promise<boolean> {
    const expected = Buffer.from(await this.sign(message), 'hex');
    const given = Buffer.from(token, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
