import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { courierSessions } from '../db/schema/index.ts';

export interface CourierSession {
  token: string;
  expiresAt: Date;
}

/** Where a courier API's token is kept between logins. */
export interface CourierSessionStore {
  read(): Promise<CourierSession | null>;
  write(session: CourierSession): Promise<void>;
}

/** The token in the shop's database, so every process (web and workers) uses the one login. */
export function databaseSessionStore(db: Database, provider: string, clock: () => Date): CourierSessionStore {
  return {
    async read() {
      const [row] = await db.select().from(courierSessions).where(eq(courierSessions.provider, provider));
      return row ? { token: row.token, expiresAt: row.expiresAt } : null;
    },
    async write(session) {
      const values = { provider, token: session.token, expiresAt: session.expiresAt, updatedAt: clock() };
      await db.insert(courierSessions).values(values).onConflictDoUpdate({ target: courierSessions.provider, set: values });
    },
  };
}
