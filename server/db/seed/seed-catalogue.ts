import { count } from 'drizzle-orm';
import { rupeesToPaise } from '../../../domain/money.ts';
import { netQuantityFromLabel, type ProductDeclarations } from '../../../domain/product-declarations.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../client.ts';
import { refreshProductFigures } from '../../modules/reviews/review-figures.ts';
import { categories, productSizes, products, reviews, setComponents } from '../schema/index.ts';
import { demoReviewsFor } from './demo-reviews.ts';
import { seedCategories, seedPotions } from './potions.ts';
import { seedSetPriceRupees, seedSets } from './seed-sets.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Fills an empty shop with the demo catalogue and its demo testimonials. A catalogue that already holds products is never touched, so a
 * shop owner's edits survive every restart. Every potion carries the seller's declarations (the shop's settings, or their defaults), so
 * each one may be sold as it stands.
 */
export async function seedCatalogueIfEmpty(db: Database, now = new Date(), declarations: ProductDeclarations = loadConfig({}).declarationDefaults): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(products);
    if ((existing?.n ?? 0) > 0) return false;

    await tx.insert(categories).values(seedCategories).onConflictDoNothing();
    for (const [position, potion] of seedPotions.entries()) {
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
          sales: potion.sales,
          notes: potion.notes,
          effect: potion.effect,
          ingredients: potion.ingredients,
          usage: potion.usage,
          ...declarations,
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
          netQuantityMl: netQuantityFromLabel(size.size),
          position,
        })),
      );
      await tx.insert(reviews).values(
        demoReviewsFor(position).map((review) => {
          // Spread over the weeks so neighbouring potions' testimonials do not share a date.
          const writtenAt = new Date(now.getTime() - (review.daysAgo + ((position * 5) % 23)) * DAY_MS);
          return {
            productId: row.id,
            authorName: review.author,
            title: review.title,
            comment: review.comment(potion.name),
            rating: review.rating,
            potency: review.potency,
            longevity: review.longevity,
            aura: review.aura,
            effectiveness: review.effectiveness,
            createdAt: writtenAt,
            updatedAt: writtenAt,
          };
        }),
      );
      // The product's rating and review count are always its approved reviews' figures.
      await refreshProductFigures(tx, row.id);
    }
    await seedDemoSets(tx, now, declarations);
    return true;
  });
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The demo sets, after the potions they are made of; a set has one size of its own and no stock of its own. */
async function seedDemoSets(tx: Transaction, now: Date, declarations: ProductDeclarations): Promise<void> {
  const potionIds = new Map((await tx.select({ id: products.id, slug: products.slug }).from(products)).map((row) => [row.slug, row.id]));
  for (const set of seedSets) {
    const [row] = await tx
      .insert(products)
      .values({
        slug: set.slug,
        name: set.name,
        description: set.description,
        longDescription: set.longDescription,
        categoryId: set.category,
        pricePaise: rupeesToPaise(seedSetPriceRupees(set, seedPotions)),
        mainImage: set.image,
        images: [set.image],
        inventory: 0,
        ...declarations,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: products.id });
    const millilitres = set.components.reduce((sum, component) => sum + component.quantity * netQuantityFromLabel(component.size)!, 0);
    await tx.insert(productSizes).values({ productId: row!.id, size: 'Set', pricePaise: 0, inStock: true, netQuantityMl: millilitres, position: 0 });
    await tx.insert(setComponents).values(
      set.components.map((component, position) => ({ setId: row!.id, componentId: potionIds.get(component.slug)!, size: component.size, quantity: component.quantity, position })),
    );
  }
}
