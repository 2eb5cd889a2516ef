import { count, eq, isNull } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { products, promotions } from '../schema/index.ts';

/**
 * Two automatic promotions a new shop starts with, so offers are seen working on the first `npm start`: a free
 * 15 ml First Rain on baskets of ₹1,499 or more, and buy 2 get 1 free on the Protection Charms. Nothing is seeded
 * into a shop that has promotions already, or whose catalogue lacks the potions they name.
 */
export async function seedPromotionsIfEmpty(db: Database, now: Date): Promise<boolean> {
  // Festivals' coupons, seeded with the festivals, are promotions too: only the others count here.
  const [existing] = await db.select({ count: count() }).from(promotions).where(isNull(promotions.festivalId));
  if ((existing?.count ?? 0) > 0) return false;
  const [gift] = await db.select({ id: products.id }).from(products).where(eq(products.slug, 'first-rain'));
  if (!gift) return false;
  await db.insert(promotions).values([
    {
      name: 'New Moon offer',
      conditions: [{ type: 'minimum-subtotal', amountPaise: 1499_00 }],
      actions: [{ type: 'free-gift', productId: gift.id, size: '15ml', quantity: 1 }],
      combinable: true,
      priority: 5,
      startsAt: now,
    },
    {
      name: 'Protection circle: buy 2, get 1 free',
      conditions: [],
      actions: [{ type: 'buy-get', filter: { categoryIds: ['protection'] }, buy: 2, get: 1, percentBp: 10_000 }],
      combinable: true,
      priority: 3,
      startsAt: now,
    },
  ]);
  return true;
}
