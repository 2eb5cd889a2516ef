import { count } from 'drizzle-orm';
import { rupeesToPaise } from '../../../domain/money.ts';
import type { Database } from '../client.ts';
import { categories, productSizes, products } from '../schema/index.ts';
import { seedCategories, seedPotions } from './potions.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Fills an empty shop with the demo catalogue. A catalogue that already holds products is never touched, so a
 * shop owner's edits survive every restart.
 */
export async function seedCatalogueIfEmpty(db: Database, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(products);
    if ((existing?.n ?? 0) > 0) return false;

    await tx.insert(categories).values(seedCategories).onConflictDoNothing();
    for (const potion of seedPotions) {
      const createdAt = new Date(now.getTime() - potion.createdDaysAgo * DAY_MS);
      const [row] = await tx
        .insert(products)
        .values({
          slug: potion.slug,
          name: potion.name,
          description: potion.description,
          longDescription: potion.longDescription,
          categoryId: potion.category,
          pricePaise: rupeesToPaise(potion.priceRupees),
          mainImage: potion.image,
          images: [potion.image],
          isSignature: potion.isSignature,
          inventory: potion.inventory,
          rating: potion.rating,
          reviewCount: potion.reviewCount,
          sales: potion.sales,
          notes: potion.notes,
          effect: potion.effect,
          ingredients: potion.ingredients,
          usage: potion.usage,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: products.id });
      if (!row) throw new Error(`Seeding ${potion.name} returned no row`);
      await tx.insert(productSizes).values(
        potion.sizes.map((size, position) => ({
          productId: row.id,
          size: size.size,
          pricePaise: rupeesToPaise(size.priceRupees),
          inStock: true,
          position,
        })),
      );
    }
    return true;
  });
}
