import { and, asc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Promotion } from '../../../domain/promotions/promotion.ts';
import type { Transaction } from '../../jobs/sql-executor.ts';
import { promotions, promotionUses } from '../../db/schema/index.ts';
import { promotionOf } from './promotion-rows.ts';
import { Shortfall } from '../inventory/stock.ts';

/** A promotion at its cap (all its uses, or the shopper's own share) when a checkout came to take one. */
export class PromotionUsedUp extends Error {
  constructor(readonly promotion: Pick<Promotion, 'id' | 'name' | 'code' | 'festivalId'>) {
    // A festival's coupon keeps the words it has always been refused in.
    super(promotion.festivalId === null ? `The offer "${promotion.name}" has been used up` : `Coupon ${promotion.code} reached its usage limit`);
  }
}

/**
 * Whether a promotion counts its uses on its row: a capped one, to keep the cap, and a festival's coupon, whose
 * screen has always shown its count. Any other only records its uses.
 */
function countsOnRow(promotion: Pick<Promotion, 'usageLimit' | 'perCustomerLimit' | 'festivalId'>): boolean {
  return promotion.usageLimit !== null || promotion.perCustomerLimit !== null || promotion.festivalId !== null;
}

/**
 * Takes one use of each promotion a checkout gets: recorded (`recordPromotionUses`), then counted against the capped
 * ones' caps (`countPromotionUses`). A checkout that also takes stock records its uses before the stock and counts
 * them after it (openCheckout), so the stock rows stay locked for as few statements as they can. Returns the
 * promotions that just reached their cap.
 */
export async function takePromotionUses(tx: Transaction, checkoutId: string, userId: string, taken: readonly Promotion[]): Promise<number[]> {
  await recordPromotionUses(tx, checkoutId, userId, taken);
  return countPromotionUses(tx, checkoutId, userId, taken);
}

/**
 * Counts the checkout's uses of the capped promotions, in promotion order (the order every checkout locks them in,
 * so two never wait on each other in a cycle), after its stock rows. A capped promotion's count goes up only while
 * under the cap, in one conditional update, so shoppers racing for the last uses can never push it past; the
 * shopper's own limit is checked with the promotion's row locked by that update. An uncapped one's use is only
 * recorded, so busy offers never queue checkouts on their row. The uses must be recorded already, in the same
 * transaction (`recordPromotionUses`): a refusal here rolls them back with the rest. Returns the promotions that
 * just reached their cap.
 */
export async function countPromotionUses(tx: Transaction, checkoutId: string, userId: string, taken: readonly Promotion[]): Promise<number[]> {
  const capped: number[] = [];
  for (const promotion of [...taken].sort((a, b) => a.id - b.id)) {
    if (!countsOnRow(promotion)) continue;
    const [row] = await tx
      .update(promotions)
      .set({ usedCount: sql`${promotions.usedCount} + 1` })
      .where(and(eq(promotions.id, promotion.id), sql`(${promotions.usageLimit} is null or ${promotions.usedCount} < ${promotions.usageLimit})`))
      .returning({ usedCount: promotions.usedCount, usageLimit: promotions.usageLimit, perCustomerLimit: promotions.perCustomerLimit });
    if (!row) throw new PromotionUsedUp(promotion);
    if (row.perCustomerLimit !== null) {
      // This checkout's own use is recorded already, and is not one of the shopper's earlier ones.
      const [mine] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(promotionUses)
        .where(and(eq(promotionUses.promotionId, promotion.id), eq(promotionUses.userId, userId), eq(promotionUses.state, 'taken'), ne(promotionUses.checkoutId, checkoutId)));
      if ((mine?.count ?? 0) >= row.perCustomerLimit) throw new PromotionUsedUp(promotion);
    }
    if (row.usageLimit !== null && row.usedCount >= row.usageLimit) capped.push(promotion.id);
  }
  return capped;
}

/**
 * Records the checkout's use of each promotion it gets, in one statement (a late payment's released uses are taken
 * again). It only inserts the checkout's own rows, which no other checkout waits on.
 */
export async function recordPromotionUses(tx: Transaction, checkoutId: string, userId: string, taken: readonly Promotion[]): Promise<void> {
  if (taken.length === 0) return;
  await tx
    .insert(promotionUses)
    .values([...taken].sort((a, b) => a.id - b.id).map((promotion) => ({ promotionId: promotion.id, checkoutId, userId, state: 'taken' as const })))
    .onConflictDoUpdate({ target: [promotionUses.promotionId, promotionUses.checkoutId], set: { state: 'taken' } });
}

/** Gives back the uses held by checkouts that will not be paid, in promotion order. */
export async function releasePromotionUses(tx: Transaction, checkoutIds: readonly string[]): Promise<void> {
  if (checkoutIds.length === 0) return;
  const released = await tx
    .update(promotionUses)
    .set({ state: 'released' })
    .where(and(inArray(promotionUses.checkoutId, [...checkoutIds]), eq(promotionUses.state, 'taken')))
    .returning({ promotionId: promotionUses.promotionId });
  const perPromotion = new Map<number, number>();
  for (const use of released) perPromotion.set(use.promotionId, (perPromotion.get(use.promotionId) ?? 0) + 1);
  for (const [promotionId, uses] of [...perPromotion].sort((a, b) => a[0] - b[0])) {
    await tx
      .update(promotions)
      .set({ usedCount: sql`greatest(${promotions.usedCount} - ${uses}, 0)` })
      // Only a promotion that counts its uses on its row (countsOnRow) gives them back there.
      .where(and(eq(promotions.id, promotionId), or(isNotNull(promotions.usageLimit), isNotNull(promotions.perCustomerLimit), isNotNull(promotions.festivalId))));
  }
}

/** The promotions a checkout's uses were taken for (for a late payment to take them again). */
export async function promotionsOfCheckout(tx: Transaction, checkoutId: string): Promise<Promotion[]> {
  const rows = await tx
    .select({ promotion: promotions })
    .from(promotionUses)
    .innerJoin(promotions, eq(promotions.id, promotionUses.promotionId))
    .where(eq(promotionUses.checkoutId, checkoutId))
    .orderBy(asc(promotions.id));
  return rows.map((row) => promotionOf(row.promotion));
}

/**
 * A payment that came after its checkout's hold was released takes its promotions' uses again: refused (a Shortfall,
 * so the order becomes a refund case) when one has since been paused, ended or used up.
 */
export async function retakePromotionUses(tx: Transaction, checkout: { id: string; userId: string }, now: Date): Promise<void> {
  const taken = await promotionsOfCheckout(tx, checkout.id);
  // A checkout expires for its price too: an offer switched off or over since then no longer discounts.
  const over = taken.find((promotion) => promotion.paused || (promotion.endsAt !== null && promotion.endsAt < now));
  if (over?.festivalId != null) throw new Shortfall('coupon', `The festival behind coupon ${over.code} ended before the payment came`);
  if (over) throw new Shortfall('coupon', `The offer "${over.name}" ended before the payment came`);
  try {
    await takePromotionUses(tx, checkout.id, checkout.userId, taken);
  } catch (error) {
    if (error instanceof PromotionUsedUp) throw new Shortfall('coupon', error.message);
    throw error;
  }
}
