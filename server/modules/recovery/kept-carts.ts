import { eq, sql } from 'drizzle-orm';
import type { CartItemInput } from '../../../contracts/cart.ts';
import type { KeptCartItem } from '../../../contracts/cart-recovery.ts';
import { MAX_LINE_QUANTITY } from '../../../domain/cart.ts';
import { mergeCarts, type MergeLine } from '../../../domain/cart-recovery.ts';
import type { Database } from '../../db/client.ts';
import { savedCarts, type KeptCartLine } from '../../db/schema/index.ts';
import type { CartService } from '../cart/cart-service.ts';

const keyOf = (line: MergeLine) => `${line.productId}-${line.size}`;

/**
 * A signed-in shopper's cart on the server. The browser's copy stays the fast path: it sends each change here
 * (replace), and on sign-in the two merge (merge), largest quantity per line, never above what is in stock.
 */
export class KeptCarts {
  constructor(
    private readonly db: Database,
    private readonly cart: Pick<CartService, 'quote'>,
    private readonly clock: () => Date,
  ) {}

  async lines(userId: string): Promise<KeptCartLine[]> {
    const [row] = await this.db.select({ lines: savedCarts.lines }).from(savedCarts).where(eq(savedCarts.userId, userId));
    return row?.lines ?? [];
  }

  /** The shopper's cart with today's names and prices, for the browser to take. */
  async read(userId: string): Promise<KeptCartItem[]> {
    return this.describe(userId, await this.lines(userId), { capAtStock: false });
  }

  /** Keeps the browser's cart as it now is; an empty one is kept too (it ends any reminder). */
  async replace(userId: string, items: readonly CartItemInput[]): Promise<void> {
    await this.store(userId, mergeCarts(items, [], () => MAX_LINE_QUANTITY));
  }

  /** Merges the browser's cart into the server's and keeps the result, which the browser then shows. */
  async merge(userId: string, items: readonly CartItemInput[]): Promise<KeptCartItem[]> {
    const kept = await this.lines(userId);
    const union = mergeCarts(items, kept, () => MAX_LINE_QUANTITY);
    const merged = await this.capAtStock(userId, union);
    const unchanged = merged.length === kept.length && merged.every((line, index) => keyOf(line) === keyOf(kept[index]!) && line.quantity === kept[index]!.quantity);
    // Signing in is not a change to the cart: an untouched merge leaves the abandonment clock where it was.
    if (!unchanged) await this.store(userId, merged);
    return this.describe(userId, merged, { capAtStock: false });
  }

  /** `lines` as far as stock allows today: more than is in stock is cut to what is, a line with none is dropped. */
  async capAtStock(userId: string, lines: readonly MergeLine[]): Promise<MergeLine[]> {
    if (lines.length === 0) return [];
    const quote = await this.cart.quote(lines, undefined, userId);
    const unknown = new Set(quote.lines.filter((line) => line.problem === 'unknown-product' || line.problem === 'unknown-size').map(keyOf));
    // A potion's sizes share one shelf: what one line takes, the next line of the same potion cannot.
    const left = new Map(quote.lines.map((line) => [line.productId, line.availableQuantity]));
    return mergeCarts(lines, [], (line) => {
      if (unknown.has(keyOf(line))) return 0;
      const units = Math.min(line.quantity, left.get(line.productId) ?? 0);
      left.set(line.productId, (left.get(line.productId) ?? 0) - units);
      return units;
    });
  }

  /** `lines` with today's names, pictures and prices; products no longer sold are left out. */
  async describe(userId: string | undefined, lines: readonly MergeLine[], options: { capAtStock: boolean }): Promise<KeptCartItem[]> {
    const shown = options.capAtStock && userId ? await this.capAtStock(userId, lines) : lines;
    if (shown.length === 0) return [];
    const quote = await this.cart.quote(shown, undefined, userId);
    return quote.lines
      .filter((line) => line.problem !== 'unknown-product' && line.problem !== 'unknown-size' && line.name && line.slug)
      .map((line) => ({ productId: line.productId, size: line.size, quantity: line.quantity, name: line.name!, slug: line.slug!, image: line.image ?? '', unitPrice: line.unitPrice }));
  }

  private async store(userId: string, lines: readonly MergeLine[]): Promise<void> {
    const itemCount = lines.reduce((sum, line) => sum + line.quantity, 0);
    const now = this.clock();
    await this.db
      .insert(savedCarts)
      .values({ userId, lines: [...lines], itemCount, touchedAt: now })
      .onConflictDoUpdate({ target: savedCarts.userId, set: { lines: sql`excluded.lines`, itemCount: sql`excluded.item_count`, touchedAt: sql`excluded.touched_at` } });
  }
}
