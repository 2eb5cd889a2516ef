import { and, count, desc, eq, inArray, isNull, sql, sum } from 'drizzle-orm';
import type { AdminPromotion, PromotionInput, PromotionPreview, PromotionUpdate } from '../../../contracts/promotions.ts';
import { resolveSizes } from '../../../domain/catalogue.ts';
import { paiseToRupees } from '../../../domain/money.ts';
import { promotionUnavailable } from '../../../domain/promotions/evaluate.ts';
import type { Promotion } from '../../../domain/promotions/promotion.ts';
import { fieldRefusal, notFoundRefusal, Refusal } from '../../../domain/refusal.ts';
import type { Database } from '../../db/client.ts';
import { orders, products, promotions, promotionUses } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { countsAsSpentSql } from '../orders/order-totals.ts';
import { basketSets } from '../products/set-contents.ts';
import { promotionOf, type PromotionRow } from './promotion-rows.ts';
import { CODE_HELD_BY_FESTIVAL, codeHolder } from './offer-codes.ts';
import { actionInputOf, actionSpecOf, conditionInputOf, conditionSpecOf } from './promotion-specs.ts';
import { priceCart, type Offers } from '../cart/cart-pricing.ts';
import { billPartDto } from '../../../domain/bill.ts';
import type { CartItemInput } from '../../../contracts/cart.ts';


const CODE_TAKEN = 'code is already used by another promotion';
type Figures = { orders: number; discountPaise: number; revenuePaise: number };

function columnsOf(input: PromotionInput) {
  return {
    name: input.name,
    code: input.code,
    conditions: input.conditions.map(conditionSpecOf),
    actions: input.actions.map(actionSpecOf),
    combinable: input.combinable,
    priority: input.priority,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    usageLimit: input.usageLimit,
    perCustomerLimit: input.perCustomerLimit,
  };
}

/** The uses checkouts hold or spent of a promotion, read in the caller's transaction. */
async function usesTaken(tx: Pick<Database, 'select'>, promotionId: number): Promise<number> {
  const [row] = await tx
    .select({ count: count() })
    .from(promotionUses)
    .where(and(eq(promotionUses.promotionId, promotionId), eq(promotionUses.state, 'taken')));
  return row?.count ?? 0;
}

/** A festival's code is refused in its own words; another promotion's by the unique index (CODE_TAKEN). */
async function refuseFestivalCode(tx: Parameters<typeof codeHolder>[0], code: string | null): Promise<void> {
  if ((await codeHolder(tx, code)) === 'festival') throw fieldRefusal('conflict', 'code', `code ${CODE_HELD_BY_FESTIVAL}`);
}

/** Where a promotion stands now, in the back office's one word. */
export function promotionStatus(promotion: Promotion, now: Date): AdminPromotion['status'] {
  const unavailable = promotionUnavailable(promotion, { now, shopper: null, code: null, gifts: new Map(), codFeePaise: 0 });
  if (unavailable === 'paused') return 'paused';
  if (unavailable === 'not-started') return 'scheduled';
  if (unavailable === 'ended') return 'ended';
  if (unavailable === 'used-up') return 'used-up';
  return 'live';
}

/**
 * Promotions for the back office: list with what each earned, create, edit (refusing an edit made on an older
 * version), pause and resume. Every write is audited and clears every process's copy of the live promotions.
 */
export class PromotionAdminService {
  constructor(
    private readonly db: Database,
    private readonly offers: Offers,
    private readonly clock: () => Date,
  ) {}

  /**
   * What an unsaved promotion would do to a sample basket today, priced exactly as checkout prices (alone, with its
   * code typed if it has one, for a shopper not signed in).
   */
  async preview(input: PromotionInput, items: readonly CartItemInput[]): Promise<PromotionPreview> {
    await this.refuseUnknownGifts(input);
    const candidate: Promotion = { id: 0, ...columnsOf(input), paused: false, usedCount: 0, festivalId: null };
    const now = this.clock();
    const priced = await priceCart(this.db, this.offers, items, candidate.code ?? undefined, now, null, { promotions: [candidate] });
    return {
      success: true,
      applies: priced.promotions.length > 0,
      subtotal: paiseToRupees(priced.subtotalPaise),
      total: paiseToRupees(priced.totalPaise),
      adjustments: priced.bill.adjustments.map(billPartDto),
      gifts: priced.gifts.map((gift) => ({ name: gift.name, size: gift.size, quantity: gift.quantity })),
      codFeeWaived: priced.codFeeWaivedBy !== null,
      nextOffer: priced.nextOffer?.message ?? (priced.coupon && !priced.coupon.ok ? priced.coupon.message : null),
    };
  }

  private toAdmin(row: PromotionRow, figures: Figures = { orders: 0, discountPaise: 0, revenuePaise: 0 }): AdminPromotion {
    return {
      id: row.id,
      name: row.name,
      code: row.code,
      conditions: row.conditions.map(conditionInputOf),
      actions: row.actions.map(actionInputOf),
      combinable: row.combinable,
      priority: row.priority,
      paused: row.paused,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt?.toISOString() ?? null,
      usageLimit: row.usageLimit,
      usedCount: row.usedCount,
      perCustomerLimit: row.perCustomerLimit,
      version: row.version,
      status: promotionStatus(promotionOf(row), this.clock()),
      orders: figures.orders,
      discountGiven: paiseToRupees(figures.discountPaise),
      revenue: paiseToRupees(figures.revenuePaise),
    };
  }

  /**
   * Every promotion but festivals' coupons, newest first, with its paid orders (not cancelled), the money it took off them and what they
   * came to: read from the orders whose checkouts took a use of it, and the adjustments it left on their bills.
   */
  async list(): Promise<AdminPromotion[]> {
    // A festival's coupon is a promotion too, kept on the festival's screen (decision 78).
    const rows = await this.db.select().from(promotions).where(isNull(promotions.festivalId)).orderBy(desc(promotions.createdAt), desc(promotions.id));
    const discount = sql<string | null>`sum((
      select coalesce(sum((adjustment ->> 'amountPaise')::integer), 0) from jsonb_array_elements(${orders.adjustments}) adjustment
      where (adjustment ->> 'promotionId')::integer = ${promotionUses.promotionId}))`;
    const figures = await this.db
      .select({ promotionId: promotionUses.promotionId, orders: count(), revenue: sum(orders.totalPaise), discount })
      .from(promotionUses)
      .innerJoin(orders, eq(orders.checkoutId, promotionUses.checkoutId))
      .where(and(eq(promotionUses.state, 'taken'), countsAsSpentSql))
      .groupBy(promotionUses.promotionId);
    const taken = await this.db
      .select({ promotionId: promotionUses.promotionId, count: count() })
      .from(promotionUses)
      .where(eq(promotionUses.state, 'taken'))
      .groupBy(promotionUses.promotionId);
    const usesOf = new Map(taken.map((row) => [row.promotionId, row.count]));
    const byId = new Map(figures.map((row) => [row.promotionId, { orders: row.orders, discountPaise: Number(row.discount ?? 0), revenuePaise: Number(row.revenue ?? 0) }]));
    // A capped promotion counts on its row; an uncapped one only records its uses.
    return rows.map((row) => this.toAdmin(row.usageLimit === null ? { ...row, usedCount: usesOf.get(row.id) ?? 0 } : row, byId.get(row.id)));
  }

  async create(actorId: string, input: PromotionInput): Promise<AdminPromotion> {
    await this.refuseUnknownGifts(input);
    const after = await this.write(async (tx) => {
      await refuseFestivalCode(tx, input.code);
      const [row] = await tx.insert(promotions).values(columnsOf(input)).returning();
      const made = this.toAdmin(row!);
      await recordAudit(tx, { actorId, action: 'promotion.create', targetType: 'promotion', targetId: String(row!.id), details: { before: null, after: made } });
      return made;
    });
    return after;
  }

  async update(actorId: string, id: number, input: PromotionUpdate): Promise<AdminPromotion> {
    await this.refuseUnknownGifts(input);
    return this.write(async (tx) => {
      const [before] = await tx.select().from(promotions).where(and(eq(promotions.id, id), isNull(promotions.festivalId))).for('update');
      if (!before) throw notFoundRefusal('Promotion not found');
      if (before.version !== input.version) {
        throw fieldRefusal('conflict', 'version', 'Someone else changed this promotion since you opened it: reload it to see their changes');
      }
      await refuseFestivalCode(tx, input.code);
      // An uncapped promotion only records its uses (promotion-uses.ts): a cap set now starts from them.
      const used = await usesTaken(tx, id);
      if (input.usageLimit !== null && input.usageLimit < used) {
        throw fieldRefusal('invalid', 'usageLimit', `usageLimit cannot be below the ${used} uses already made`);
      }
      const [after] = await tx
        .update(promotions)
        .set({ ...columnsOf(input), usedCount: used, version: before.version + 1, updatedAt: this.clock() })
        .where(eq(promotions.id, id))
        .returning();
      const change = { before: this.toAdmin(before), after: this.toAdmin(after!) };
      await recordAudit(tx, { actorId, action: 'promotion.update', targetType: 'promotion', targetId: String(id), details: change });
      return change.after;
    });
  }

  async setPaused(actorId: string, id: number, paused: boolean): Promise<AdminPromotion> {
    return this.write(async (tx) => {
      const [before] = await tx.select().from(promotions).where(and(eq(promotions.id, id), isNull(promotions.festivalId))).for('update');
      if (!before) throw notFoundRefusal('Promotion not found');
      const [after] = await tx
        .update(promotions)
        .set({ paused, version: before.version + 1, updatedAt: this.clock() })
        .where(eq(promotions.id, id))
        .returning();
      const change = { before: this.toAdmin(before), after: this.toAdmin(after!) };
      await recordAudit(tx, { actorId, action: paused ? 'promotion.pause' : 'promotion.resume', targetType: 'promotion', targetId: String(id), details: change });
      return change.after;
    });
  }

  /** Runs a write, then tells every process the promotions changed; a code already taken is a 409 on `code`. */
  private async write<T>(work: (tx: Parameters<Parameters<Database['transaction']>[0]>[0]) => Promise<T>): Promise<T> {
    try {
      const result = await this.db.transaction(work);
      this.offers.promotions.changed();
      return result;
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldRefusal('conflict', 'code', CODE_TAKEN);
      throw error;
    }
  }

  /** A free gift must be a potion on sale in that size: otherwise the action's productId or size is refused. */
  private async refuseUnknownGifts(input: PromotionInput): Promise<void> {
    const gifts = input.actions.flatMap((action, index) => (action.type === 'free-gift' ? [{ action, index }] : []));
    if (gifts.length === 0) return;
    const ids = gifts.map(({ action }) => action.productId);
    const found = await this.db.query.products.findMany({ where: and(inArray(products.id, ids), isNull(products.archivedAt)), with: { sizes: true } });
    const sets = await basketSets(this.db, ids);
    for (const { action, index } of gifts) {
      const product = found.find((row) => row.id === action.productId);
      if (!product) throw fieldRefusal('invalid', `actions.${index}.productId`, `actions.${index}.productId names no potion on sale`);
      // A set's stock is its components': a gift is one potion, taken from its own shelf.
      if (sets.componentsOf.has(product.id)) throw fieldRefusal('invalid', `actions.${index}.productId`, `actions.${index}.productId names a set; a free gift is a single potion`);
      const sizes = resolveSizes({ sizes: product.sizes, pricePaise: product.pricePaise, inStock: true });
      if (!sizes.some((size) => size.size === action.size)) {
        const message = `actions.${index}.size: ${product.name} does not come in ${action.size}`;
        throw new Refusal('invalid', message, [{ field: `actions.${index}.size`, message }]);
      }
    }
  }
}
