import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { staffMembers, users } from '../../db/schema/index.ts';
import { endSessionsOf } from './account-sessions.ts';
import { hashPassword, verifyPassword } from './credentials.ts';

/** Printed on /admin/login of a demo shop, so anyone trying the shop can open the back office. */
export const DEMO_ADMIN = { email: 'admin@deosil.demo', password: 'Moonlit-Coven-13', name: 'Demo Keeper' } as const;

/** The demo admin's credentials, when this shop shows them: demo mode without a configured admin. */
export function demoAdminOf(config: Pick<Config, 'admin' | 'demoMode'>): { email: string; password: string } | null {
  return config.demoMode && !config.admin ? { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } : null;
}

/**
 * Runs at start: the configured admin exists with the configured password; a demo shop without one gets the
 * demo admin; a shop that left demo mode has its demo admin switched off and signed out.
 */
export async function bootstrapAdmins(db: Database, config: Pick<Config, 'admin' | 'demoMode'>): Promise<'configured' | 'demo' | 'none'> {
  if (config.admin) {
    await ensureAdmin(db, { ...config.admin, isDemo: false });
  }
  const demo = demoAdminOf(config);
  if (demo) {
    await ensureAdmin(db, { ...DEMO_ADMIN, isDemo: true });
    return 'demo';
  }
  const retired = await db
    .update(users)
    .set({ status: 'inactive', updatedAt: new Date() })
    .where(and(eq(users.isDemo, true), eq(users.status, 'active')))
    .returning({ id: users.id });
  for (const row of retired) await endSessionsOf(db, row.id);
  return config.admin ? 'configured' : 'none';
}

async function ensureAdmin(db: Database, input: { email: string; password: string; name: string; isDemo: boolean }): Promise<void> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await db.select().from(users).where(eq(users.email, email));
  if (existing && existing.role === 'admin' && existing.status === 'active' && (await verifyPassword(existing.passwordHash, input.password))) return;
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ name: input.name, email, passwordHash, role: 'admin', status: 'active', isDemo: input.isDemo })
      .onConflictDoUpdate({ target: users.email, set: { passwordHash, role: 'admin', status: 'active', isDemo: input.isDemo, updatedAt: new Date() } })
      .returning({ id: users.id });
    // An existing account whose role or password changes here (a customer who registered the admin's address,
    // an admin whose password was rotated) keeps none of its sessions: a token issued to a customer must
    // never answer as an admin, and an old password's sessions must not outlive it.
    if (existing && row) await endSessionsOf(tx, row.id);
    // The configured admin is an owner (docs/decisions/0062); a role another owner gave it since is kept.
    if (row) await tx.insert(staffMembers).values({ userId: row.id, role: 'owner' }).onConflictDoNothing();
  });
}
