/** Baskets, shoppers and promotions for the promotion tests: plain data, nothing hidden. */
import { billOf, type Bill } from '../bill.ts';
import type { GiftItem, OfferBasket, OfferContext, OfferLine, Promotion } from './promotion.ts';

export const NOW = new Date('2026-11-27T10:00:00Z');

export function line(productId: number, unitPricePaise: number, quantity = 1, extra: Partial<OfferLine> = {}): OfferLine {
  const size = extra.size ?? '50ml';
  return { key: `${productId}-${size}`, productId, categoryId: 'attars', size, quantity, unitPricePaise, ...extra };
}

export function basketOf(...lines: OfferLine[]): { basket: OfferBasket; bill: Bill } {
  return { basket: { lines }, bill: billOf(lines.map((l) => ({ key: l.key, amountPaise: l.unitPricePaise * l.quantity }))) };
}

export function promotion(extra: Partial<Promotion> = {}): Promotion {
  return {
    id: 1,
    name: 'New Moon offer',
    code: null,
    conditions: [],
    actions: [],
    combinable: true,
    priority: 1,
    paused: false,
    startsAt: new Date('2026-11-01T00:00:00Z'),
    endsAt: null,
    usageLimit: null,
    usedCount: 0,
    perCustomerLimit: null,
    festivalId: null,
    ...extra,
  };
}

export const VIAL: GiftItem = { productId: 99, size: '2ml', name: 'Moon Dust', categoryId: 'samples', unitPricePaise: 199_00, available: 10 };

export function contextOf(extra: Partial<OfferContext> = {}): OfferContext {
  return { now: NOW, shopper: null, code: null, gifts: new Map([['99-2ml', VIAL]]), codFeePaise: 0, ...extra };
}
