import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderReturn } from '../../../contracts/returns.ts';
import { LOW_STOCK_THRESHOLD } from '../../../domain/catalogue.ts';
import { ADMIN, call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { placeOrder } from '../../../tests/support/checkout.ts';
import { staffMember } from '../../../tests/support/staff.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { notifications, products, staffRoles, users } from '../../db/schema/index.ts';
import { NotificationService } from './notification-service.ts';

let shop: TestShop;
let owner: string;
let ownerId: string;
let team: Record<'manager' | 'fulfilment' | 'support' | 'accountant' | 'catalogue' | 'suspended', string>;
let potion: number;

beforeAll(async () => {
  shop = await startTestShop();
  owner = await signInAdmin(shop);
  ownerId = (await shop.database.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email)))[0]!.id;
  // A custom role that keeps the catalogue and nothing else.
  await shop.database.db.insert(staffRoles).values({ key: 'catalogue', name: 'Catalogue', permissions: ['products.write'] });
  const suspended = await staffMember(shop, 'manager');
  await shop.database.db.update(users).set({ status: 'banned' }).where(eq(users.id, suspended.id));
  team = {
    manager: (await staffMember(shop, 'manager')).id,
    fulfilment: (await staffMember(shop, 'fulfilment')).id,
    support: (await staffMember(shop, 'support')).id,
    accountant: (await staffMember(shop, 'accountant')).id,
    catalogue: (await staffMember(shop, 'catalogue')).id,
    suspended: suspended.id,
  };
  potion = (await shop.database.db.select().from(products)).find((row) => row.slug === 'dark-poppy')!.id;
});
afterAll(async () => {
  await shop?.close();
});

/** Who among the team (and the owner) holds a notice titled `title` about `about`. */
async function heardBy(title: string, about: string): Promise<string[]> {
  const rows = await shop.database.db
    .select({ userId: notifications.userId, message: notifications.message })
    .from(notifications)
    .where(and(eq(notifications.title, title), inArray(notifications.userId, [ownerId, ...Object.values(team)])));
  const names = Object.fromEntries([['owner', ownerId], ...Object.entries(team)].map(([name, id]) => [id, name]));
  return rows.filter((row) => row.message.includes(about)).map((row) => names[row.userId]!).sort();
}

describe('notices to the back office', () => {
  it('go only to active staff whose role holds the permission: built-in roles, custom roles, and an admin without a staff row (an owner)', async () => {
    const legacy = await registerCustomer(shop, { name: 'Old Admin' });
    await shop.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, legacy.user.id));
    const rows = await new NotificationService(shop.database.db).notify({ toStaffWith: 'products.write', type: 'product', title: 'Catalogue check', message: 'Check the labels.' });
    const heard = new Set(rows.map((row) => row.id));
    const written = await shop.database.db.select({ userId: notifications.userId }).from(notifications).where(inArray(notifications.id, [...heard]));
    const recipients = written.map((row) => row.userId);
    expect(recipients).toEqual(expect.arrayContaining([ownerId, team.manager, team.catalogue, legacy.user.id]));
    for (const outside of [team.fulfilment, team.support, team.accountant, team.suspended]) expect(recipients).not.toContain(outside);
  });

  it('a new order reaches those who ship it, a return request those who approve it, low stock those who keep the catalogue', async () => {
    const customer = await registerCustomer(shop);
    await shop.database.db.update(products).set({ inventory: LOW_STOCK_THRESHOLD + 1 }).where(eq(products.id, potion));
    const order = await placeOrder(shop, customer.token, [{ productId: potion, size: '30ml', quantity: 1 }]);
    expect(await heardBy('New Order', order.orderNumber)).toEqual(['fulfilment', 'manager', 'owner']);
    expect(await heardBy('Low Stock', 'Dark Poppy')).toEqual(['catalogue', 'manager', 'owner']);

    expect((await call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: owner, body: { status: 'delivered' } })).status).toBe(200);
    const asked = await call(shop, 'POST', `/api/orders/${order.orderNumber}/returns`, { token: customer.token, body: { lines: [{ orderItemId: order.items[0]!.id, quantity: 1 }], reason: 'changed-my-mind' } });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect((asked.body.return as OrderReturn).status).toBe('requested');
    expect(await heardBy('Return Requested', order.orderNumber)).toEqual(['manager', 'owner', 'support']);
  });
});
