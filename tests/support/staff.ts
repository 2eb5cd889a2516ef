import { users, staffMembers } from '../../server/db/schema/index.ts';
import type { TestShop } from './test-app.ts';

let counter = 0;

/** A staff account of `role` (a built-in or custom role's key), signed in: its id, e-mail and session token. */
export async function staffMember(shop: TestShop, role: string, name = `Staff ${role}`): Promise<{ id: string; email: string; token: string }> {
  counter += 1;
  const email = `${role}.${counter}.${Date.now()}@deosil.test`;
  const [row] = await shop.database.db.insert(users).values({ name, email, passwordHash: 'not-used', role: 'admin', status: 'active' }).returning({ id: users.id });
  await shop.database.db.insert(staffMembers).values({ userId: row!.id, role });
  const token = await shop.app.services.accounts.openSession(row!.id);
  return { id: row!.id, email, token };
}
