import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { WishlistEntry } from '../../../contracts/wishlist.ts';
import { fieldRefusal, notFoundRefusal } from '../../../domain/refusal.ts';
import { lowestPricePaise, WISHLIST_MAX, wishlistNews, type WatchedState } from '../../../domain/wishlist.ts';
import type { Database } from '../../db/client.ts';
import { products, productSizes, users, wishlistItems } from '../../db/schema/index.ts';
import type { EmailOutbox } from '../mail/email-outbox.ts';
import type { CatalogueReader } from '../products/catalogue-reader.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Reader = Pick<Database, 'select'>;

/** What a product is now, as the wishlist watches it: its lowest price and whether it can be bought. */
async function watchedState(db: Reader, productId: number): Promise<(WatchedState & { name: string; slug: string; archived: boolean }) | null> {
  const [row] = await db
    .select({ name: products.name, slug: products.slug, pricePaise: products.pricePaise, inStock: products.inStock, archivedAt: products.archivedAt })
    .from(products)
    .where(eq(products.id, productId));
  if (!row) return null;
  const sizes = await db.select({ pricePaise: productSizes.pricePaise }).from(productSizes).where(eq(productSizes.productId, productId));
  return { name: row.name, slug: row.slug, pricePaise: lowestPricePaise({ pricePaise: row.pricePaise, sizes }), inStock: Boolean(row.inStock), archived: row.archivedAt !== null };
}

/**
 * A signed-in shopper's saved potions, and the e-mails their alerts send: one per drop in price or return to
 * stock, enqueued in the transaction of the back-office write that caused it, keyed by the change.
 */
export class WishlistService {
  constructor(
    private readonly db: Database,
    private readonly catalogue: CatalogueReader,
    private readonly outbox: Pick<EmailOutbox, 'enqueue'>,
  ) {}

  /** Newest first; potions taken off sale since are left out. */
  async list(userId: string): Promise<WishlistEntry[]> {
    const rows = await this.db
      .select({ productId: wishlistItems.productId, alerts: wishlistItems.alerts, createdAt: wishlistItems.createdAt })
      .from(wishlistItems)
      .innerJoin(products, and(eq(products.id, wishlistItems.productId), isNull(products.archivedAt)))
      .where(eq(wishlistItems.userId, userId))
      .orderBy(asc(wishlistItems.createdAt));
    const entries = await Promise.all(rows.map((row) => this.entryOf(row)));
    return entries.filter((entry): entry is WishlistEntry => entry !== null).reverse();
  }

  /** Saves a potion, alerts off; saving it again changes nothing. */
  async save(userId: string, productId: number): Promise<WishlistEntry> {
    const state = await watchedState(this.db, productId);
    if (!state || state.archived) throw notFoundRefusal('Product not found');
    await this.db.transaction(async (tx) => {
      // The shopper's own rows are locked first, so two saves at once cannot both pass the count.
      await tx.select({ productId: wishlistItems.productId }).from(wishlistItems).where(eq(wishlistItems.userId, userId)).for('update');
      const [held] = await tx.select({ n: count() }).from(wishlistItems).where(eq(wishlistItems.userId, userId));
      const [existing] = await tx.select({ alerts: wishlistItems.alerts }).from(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
      if (existing) return;
      if ((held?.n ?? 0) >= WISHLIST_MAX) throw fieldRefusal('conflict', 'productId', `Your wishlist holds at most ${WISHLIST_MAX} potions: remove one to save another`);
      await tx.insert(wishlistItems).values({ userId, productId, priceSeenPaise: state.pricePaise, inStockSeen: state.inStock });
    });
    return (await this.entry(userId, productId))!;
  }

  /** Turns a saved potion's e-mails about a lower price or a return to stock on or off. */
  async setAlerts(userId: string, productId: number, alerts: boolean): Promise<WishlistEntry> {
    const [changed] = await this.db
      .update(wishlistItems)
      .set({ alerts })
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
      .returning({ productId: wishlistItems.productId });
    const entry = changed ? await this.entry(userId, productId) : null;
    if (!entry) throw notFoundRefusal('That potion is not on your wishlist');
    return entry;
  }

  private async entry(userId: string, productId: number): Promise<WishlistEntry | null> {
    const [row] = await this.db
      .select({ productId: wishlistItems.productId, alerts: wishlistItems.alerts, createdAt: wishlistItems.createdAt })
      .from(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
    return row ? this.entryOf(row) : null;
  }

  async remove(userId: string, productId: number): Promise<void> {
    await this.db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
  }

  /**
   * In the transaction of a back-office write to a product: each shopper with alerts on who has news of it (a
   * lower price, a return to stock) gets one e-mail, and every saved row learns the product's state, so the same
   * change is never news twice. The rows are locked first: two writes racing tell each shopper once.
   */
  async announceChange(tx: Transaction, productId: number): Promise<number> {
    const saved = await tx
      .select({ userId: wishlistItems.userId, alerts: wishlistItems.alerts, priceSeenPaise: wishlistItems.priceSeenPaise, inStockSeen: wishlistItems.inStockSeen })
      .from(wishlistItems)
      .where(eq(wishlistItems.productId, productId))
      .orderBy(asc(wishlistItems.userId))
      .for('update');
    if (saved.length === 0) return 0;
    const now = await watchedState(tx, productId);
    if (!now || now.archived) return 0;
    const told = saved.filter((row) => row.alerts && wishlistNews({ pricePaise: row.priceSeenPaise, inStock: row.inStockSeen }, now) !== null);
    const addresses = told.length
      ? await tx.select({ id: users.id, email: users.email }).from(users).where(and(inArray(users.id, told.map((row) => row.userId)), isNull(users.erasedAt)))
      : [];
    const emailOf = new Map(addresses.map((user) => [user.id, user.email]));
    let sent = 0;
    for (const row of told) {
      const to = emailOf.get(row.userId);
      if (!to) continue;
      const news = wishlistNews({ pricePaise: row.priceSeenPaise, inStock: row.inStockSeen }, now)!;
      await this.outbox.enqueue(tx, {
        template: 'wishlist-alert',
        to,
        data: { news, productName: now.name, slug: now.slug, pricePaise: now.pricePaise, previousPricePaise: news === 'price-drop' ? row.priceSeenPaise : null },
        // One message per shopper, potion and change: the state it reached names the change.
        dedupeKey: `wishlist-alert:${row.userId}:${productId}:${news}:${now.pricePaise}:${row.priceSeenPaise}:${row.inStockSeen}`,
        category: 'transactional',
      });
      sent += 1;
    }
    await tx.update(wishlistItems).set({ priceSeenPaise: now.pricePaise, inStockSeen: now.inStock }).where(eq(wishlistItems.productId, productId));
    return sent;
  }

  private async entryOf(row: { productId: number; alerts: boolean; createdAt: Date }): Promise<WishlistEntry | null> {
    const { value: product } = await this.catalogue.find(String(row.productId));
    return product ? { product, alerts: row.alerts, savedAt: row.createdAt.toISOString() } : null;
  }
}
