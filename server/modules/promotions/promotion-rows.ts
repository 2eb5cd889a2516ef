import type { Promotion } from '../../../domain/promotions/promotion.ts';
import type { promotions } from '../../db/schema/index.ts';

export type PromotionRow = typeof promotions.$inferSelect;

/** A stored promotion as the engine reads it. */
export function promotionOf(row: PromotionRow): Promotion {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    conditions: row.conditions,
    actions: row.actions,
    combinable: row.combinable,
    priority: row.priority,
    paused: row.paused,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    usageLimit: row.usageLimit,
    usedCount: row.usedCount,
    perCustomerLimit: row.perCustomerLimit,
    festivalId: row.festivalId,
  };
}
