import { and, count, eq, gte, isNull, or, sql, sum } from 'drizzle-orm';
import { levelFor } from '../../../domain/levels.ts';
import type { OfferShopper, Promotion } from '../../../domain/promotions/promotion.ts';
import type { Database } from '../../db/client.ts';
import { orders, promotions, promotionUses } from '../../db/schema/index.ts';
import { countsAsSpentSql } from '../orders/order-totals.ts';
import { promotionOf } from './promotion-rows.ts';

type Reader = Pick<Database, 'select'>;

/**
 * The promotions every basket is priced against. Every quote, payment order and COD order asks, so the ones not yet
 * over are kept for CATALOGUE_CACHE_TTL_MS and forgotten at once on a write here or one another process announces;
 * the use counts in that copy only decide what a quote shows, while the checkout's conditional update keeps the cap.
 */
export class PromotionService {
  private cached: { promotions: Promotion[]; readAt: number } | null = null;
  private generation = 0;

  constructor(
    private readonly db: Database,
    private readonly cache: { ttlMs: number; announce?: () => void } = { ttlMs: 0 },
  ) {}

  forget(): void {
    this.generation += 1;
    this.cached = null;
  }

  /** Tells this process and the others that the promotions changed (an edit, a pause, a cap reached). */
  changed(): void {
    this.forget();
    this.cache.announce?.();
  }

  /**
   * Promotions not paused and not over at `now` (those not started yet are left to the engine's dates). Festivals'
   * coupons are not among them: they come after these, read by their code (FestivalService.couponOf).
   */
  async current(now: Date): Promise<Promotion[]> {
    const readAt = Date.now();
    if (this.cached && readAt - this.cached.readAt < this.cache.ttlMs) return this.cached.promotions;
    const generation = this.generation;
    const rows = await this.db
      .select()
      .from(promotions)
      .where(and(eq(promotions.paused, false), isNull(promotions.festivalId), or(isNull(promotions.endsAt), gte(promotions.endsAt, now))));
    const found = rows.map(promotionOf);
    if (generation === this.generation && this.cache.ttlMs > 0) this.cached = { promotions: found, readAt };
    return found;
  }

  /**
   * What promotions need to know of a signed-in shopper: their loyalty level, whether they have ordered before
   * and their own uses of each promotion. Read only when a live promotion asks (`needsShopper`).
   */
  async shopper(userId: string, db: Reader = this.db): Promise<OfferShopper> {
    const [[spent], [placed], uses] = await Promise.all([
      db.select({ total: sum(orders.totalPaise) }).from(orders).where(and(eq(orders.userId, userId), countsAsSpentSql)),
      db.select({ count: count() }).from(orders).where(and(eq(orders.userId, userId), sql`${orders.status} <> 'cancelled'`)),
      db
        .select({ promotionId: promotionUses.promotionId, count: count() })
        .from(promotionUses)
        .where(and(eq(promotionUses.userId, userId), eq(promotionUses.state, 'taken')))
        .groupBy(promotionUses.promotionId),
    ]);
    return {
      level: levelFor(Number(spent?.total ?? 0)).name,
      ordersPlaced: placed?.count ?? 0,
      uses: new Map(uses.map((use) => [use.promotionId, use.count])),
    };
  }
}

/** Whether any of these promotions looks at who is buying: then the shopper is read, otherwise not. */
export function needsShopper(promotions: readonly Promotion[]): boolean {
  return promotions.some(
    (promotion) => promotion.perCustomerLimit !== null || promotion.conditions.some((condition) => condition.type === 'loyalty-level' || condition.type === 'first-order'),
  );
}

/** The potions the free-gift actions of these promotions give, so the basket's read fetches them too. */
export function giftProductIds(promotions: readonly Promotion[]): number[] {
  return promotions.flatMap((promotion) => promotion.actions.flatMap((action) => (action.type === 'free-gift' ? [action.productId] : [])));
}
