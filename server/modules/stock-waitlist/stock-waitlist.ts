import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { JoinWaitlistBody } from '../../../contracts/stock-waitlist.ts';
import { joinWaitlistBodySchema } from '../../../contracts/stock-waitlist.ts';
import { isAvailable, restocked, WHOLE_POTION, type StockState } from '../../../domain/stock-waitlist.ts';
import { paiseToRupees, rupeesToPaise } from '../../../domain/money.ts';
import { fieldRefusal, notFoundRefusal, Refusal } from '../../../domain/refusal.ts';
import type { Database } from '../../db/client.ts';
import { products, productSizes, stockWaitlist } from '../../db/schema/index.ts';
import type { EmailOutbox } from '../mail/email-outbox.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface RestockedProduct extends StockState {
  id: number;
  name: string;
  slug: string;
  /** Rupees, as the back office edits them; a size at 0 sells at the potion's price. */
  price: number;
  sizes: { size: string; inStock: boolean; price: number }[];
}

/** The price a waiting shopper will pay for what they waited for. */
function pricePaiseOf(product: RestockedProduct, size: string): number {
  const sized = product.sizes.find((entry) => entry.size === size)?.price;
  return rupeesToPaise(sized ? sized : product.price);
}

/**
 * 'Notify me when it returns': addresses waiting for a sold-out potion or size, and the one e-mail each gets
 * when a back-office write makes it buyable again.
 */
export class StockWaitlist {
  constructor(
    private readonly db: Database,
    private readonly outbox: Pick<EmailOutbox, 'enqueue'>,
    private readonly clock: () => Date,
  ) {}

  /** Puts an address on the list; asking twice keeps one place. Only what is sold out can be waited for. */
  async join(raw: JoinWaitlistBody): Promise<{ productName: string; size: string }> {
    const body = joinWaitlistBodySchema.parse(raw);
    const { productId } = body;
    const [product] = await this.db
      .select({ name: products.name, inventory: products.inventory, archivedAt: products.archivedAt })
      .from(products)
      .where(eq(products.id, productId));
    if (!product || product.archivedAt) throw notFoundRefusal('Product not found');
    const sizes = await this.db.select({ size: productSizes.size, inStock: productSizes.inStock }).from(productSizes).where(eq(productSizes.productId, productId));
    // A potion without sizes of its own sells one size that follows its inventory: waiting for it is waiting for the potion.
    const size = sizes.length === 0 || !body.size ? WHOLE_POTION : body.size;
    if (size !== WHOLE_POTION && !sizes.some((entry) => entry.size === size)) {
      const message = `size must be one of ${sizes.map((entry) => entry.size).join(', ')}`;
      throw fieldRefusal('invalid', 'size', message);
    }
    if (isAvailable({ inventory: product.inventory, sizes }, size)) {
      throw new Refusal('conflict', `${product.name}${size ? ` (${size})` : ''} is in stock: you can order it now.`);
    }
    await this.db.insert(stockWaitlist).values({ productId, size, email: body.email }).onConflictDoNothing();
    return { productName: product.name, size };
  }

  /**
   * In the transaction that gave sold-out products' held units back (checkouts nobody paid for): each of these
   * products had no units to sell before, so its waits end as they would on a restock. Returns e-mails enqueued.
   */
  async announceBackInStock(tx: Transaction, productIds: readonly number[]): Promise<number> {
    if (productIds.length === 0) return 0;
    const [rows, sizes] = await Promise.all([
      tx
        .select({ id: products.id, name: products.name, slug: products.slug, pricePaise: products.pricePaise, inventory: products.inventory })
        .from(products)
        .where(inArray(products.id, [...productIds])),
      tx.select().from(productSizes).where(inArray(productSizes.productId, [...productIds])),
    ]);
    let enqueued = 0;
    for (const row of rows) {
      const own = sizes.filter((entry) => entry.productId === row.id).sort((a, b) => a.position - b.position);
      const after: RestockedProduct = {
        id: row.id,
        name: row.name,
        slug: row.slug,
        price: paiseToRupees(row.pricePaise),
        inventory: row.inventory,
        sizes: own.map((entry) => ({ size: entry.size, inStock: entry.inStock, price: paiseToRupees(entry.pricePaise) })),
      };
      enqueued += await this.announceRestock(tx, { inventory: 0, sizes: after.sizes }, after);
    }
    return enqueued;
  }

  /**
   * In the transaction of a back-office stock write: every open wait that this change ends gets its e-mail
   * enqueued, keyed by the wait, and is closed. The waits are locked first, so two restocks racing e-mail each
   * address once.
   */
  async announceRestock(tx: Transaction, before: StockState, after: RestockedProduct): Promise<number> {
    const waiting = await tx
      .select()
      .from(stockWaitlist)
      .where(and(eq(stockWaitlist.productId, after.id), isNull(stockWaitlist.notifiedAt)))
      .orderBy(asc(stockWaitlist.id))
      .for('update');
    const due = waiting.filter((wait) => restocked(before, after, wait.size));
    if (due.length === 0) return 0;
    const now = this.clock();
    for (const wait of due) {
      await this.outbox.enqueue(tx, {
        template: 'back-in-stock',
        to: wait.email,
        data: { productName: after.name, slug: after.slug, size: wait.size, pricePaise: pricePaiseOf(after, wait.size) },
        dedupeKey: `back-in-stock:${wait.id}`,
        category: 'transactional',
        // Anyone may put any address on the waits for every sold-out potion.
        typedByVisitor: true,
      });
    }
    await tx.update(stockWaitlist).set({ notifiedAt: now }).where(inArray(stockWaitlist.id, due.map((wait) => wait.id)));
    return due.length;
  }
}
