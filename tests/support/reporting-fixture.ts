import { eq } from 'drizzle-orm';
import { products, users } from '../../server/db/schema/index.ts';
import { registerCustomer } from './accounts.ts';
import { insertOrder, twoProducts } from './order-rows.ts';
import type { TestShop } from './test-app.ts';

/**
 * The shop's clock for reporting tests: Sunday 22 Nov 2026, 11:30 in India (06:00 UTC). 'Today' began at
 * 18:30 UTC on the 21st; the week began at 18:30 UTC on the 15th (Monday the 16th, India time).
 */
export const REPORTING_NOW = new Date('2026-11-22T06:00:00Z');

/**
 * Orders and customers around the period boundaries, with the sums worked out by hand in the tests:
 * today ₹1,800 in 2 orders against ₹1,200 in 1 up to the same time yesterday; the week ₹3,800 in 5 orders against
 * ₹2,000 in 1; a cancelled, a refund-pending and an unpaid order today that must not count.
 */
export async function seedReportingFixture(shop: TestShop) {
  const db = shop.database.db;
  const [potion, elixir] = await twoProducts(db);
  const customer = async (createdAt: string, status: 'active' | 'inactive' = 'active') => {
    const { user, token } = await registerCustomer(shop);
    await db.update(users).set({ createdAt: new Date(createdAt), status }).where(eq(users.id, user.id));
    return { id: user.id, token };
  };
  const regular = await customer('2025-01-01T00:00:00Z');
  const joinedToday = await customer('2026-11-22T00:00:00Z');
  const joinedYesterday = await customer('2026-11-21T05:00:00Z');
  const lapsed = await customer('2026-11-15T12:00:00Z', 'inactive');

  const one = (unitPricePaise: number, quantity = 1, product = potion) => [{ productId: product.id, categoryId: product.categoryId, quantity, unitPricePaise }];
  const order = (userId: string, createdAt: string, lines: ReturnType<typeof one>, extra: Partial<Parameters<typeof insertOrder>[1]> = {}) =>
    insertOrder(db, { userId, createdAt: new Date(createdAt), lines, ...extra });

  // Today (IST 22 Nov): midnight exactly, and a discounted two-unit order of the other category.
  await order(regular.id, '2026-11-21T18:30:00Z', one(100_000));
  await order(regular.id, '2026-11-22T03:00:00Z', one(45_000, 2, elixir), { discountPaise: 10_000 });
  // Today but not money kept.
  await order(regular.id, '2026-11-22T01:00:00Z', one(500_000), { status: 'cancelled' });
  await order(regular.id, '2026-11-22T02:00:00Z', one(600_000), { paymentStatus: 'refund_pending' });
  await order(regular.id, '2026-11-22T04:00:00Z', one(700_000), { paymentStatus: 'pending' });
  await order(regular.id, '2026-11-22T05:00:00Z', one(800_000), { status: 'cancelled', paymentStatus: 'refunded' });
  // Yesterday 09:30 IST (before this time of day), and 23:59:59 IST (after it: in the week, not in yesterday-so-far).
  await order(regular.id, '2026-11-21T04:00:00Z', one(120_000));
  await order(regular.id, '2026-11-21T18:29:59Z', one(30_000));
  // First moment of the week (Monday 16 Nov 00:00 IST), by the lapsed customer.
  await order(lapsed.id, '2026-11-15T18:30:00Z', one(50_000));
  // Previous week up to the same moment (15 Nov 11:29 IST), and a second before the previous week began.
  await order(regular.id, '2026-11-15T05:59:00Z', one(200_000));
  await order(regular.id, '2026-11-08T18:29:59Z', one(70_000));

  return { regular, joinedToday, joinedYesterday, lapsed, potion, elixir };
}

export async function setInventory(shop: TestShop, productId: number, inventory: number, archived = false) {
  await shop.database.db
    .update(products)
    .set({ inventory, archivedAt: archived ? new Date('2026-11-01T00:00:00Z') : null })
    .where(eq(products.id, productId));
}
