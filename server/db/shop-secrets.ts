import { randomBytes } from 'node:crypto';
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
