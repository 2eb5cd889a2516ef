import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { billProblems, billTotals, lineNetPaise } from '../bill.ts';
import { evaluatePromotions } from './evaluate.ts';
import type { ActionSpec, ConditionSpec, OfferLine } from './promotion.ts';
import { basketOf, contextOf, line, NOW, promotion } from './test-support.ts';

const vialOver1499 = promotion({
  id: 1,
  name: 'New Moon offer',
  conditions: [{ type: 'minimum-subtotal', amountPaise: 1499_00 }],
  actions: [{ type: 'free-gift', productId: 99, size: '2ml', quantity: 1 }],
});
const tenOff = promotion({ id: 2, name: 'Ten off', actions: [{ type: 'order-percent', percentBp: 1000, maximumPaise: null }] });
const buy2get1 = promotion({ id: 3, name: 'Attar trio', combinable: false, actions: [{ type: 'buy-get', filter: { categoryIds: ['attars'] }, buy: 2, get: 1, percentBp: 10_000 }] });

describe('evaluating promotions', () => {
  it('stacks combinable promotions, highest priority first, each on what the last left', () => {
    const { basket, bill } = basketOf(line(1, 1000_00, 2));
    const flat = promotion({ id: 5, priority: 9, name: 'Flat', actions: [{ type: 'order-fixed', amountPaise: 500_00 }] });
    const outcome = evaluatePromotions(bill, basket, [tenOff, flat, vialOver1499], contextOf());
    expect(outcome.applied.map((p) => p.id)).toEqual([5, 1, 2]);
    // 10% of what was left after ₹500 off; the gift's line cost nothing by then.
    expect(outcome.bill.adjustments.map((a) => a.amountPaise)).toEqual([500_00, 199_00, 150_00]);
    expect(outcome.gifts).toHaveLength(1);
  });

  it('gives the exclusive promotion alone when it is worth more than the stack, and the stack otherwise', () => {
    const three = basketOf(line(1, 1000_00, 3));
    const best = evaluatePromotions(three.bill, three.basket, [tenOff, buy2get1], contextOf());
    expect(best.applied.map((p) => p.id)).toEqual([3]);
    expect(billTotals(best.bill).totalPaise).toBe(2000_00);
    const cheapThird = basketOf(line(1, 1000_00, 2), line(2, 100_00));
    const stack = evaluatePromotions(cheapThird.bill, cheapThird.basket, [tenOff, buy2get1], contextOf());
    expect(stack.applied.map((p) => p.id)).toEqual([2]);
  });

  it('applies a code-based promotion only when its code is typed', () => {
    const { basket, bill } = basketOf(line(1, 1000_00));
    const coded = promotion({ id: 7, code: 'SAMHAIN', actions: [{ type: 'order-fixed', amountPaise: 100_00 }] });
    expect(evaluatePromotions(bill, basket, [coded], contextOf()).applied).toEqual([]);
    expect(evaluatePromotions(bill, basket, [coded], contextOf({ code: 'SAMHAIN' })).applied).toEqual([coded]);
  });

  it('leaves out paused, unstarted, ended and used-up promotions, and ones the shopper has used their share of', () => {
    const { basket, bill } = basketOf(line(1, 1000_00));
    const off = (extra: Parameters<typeof promotion>[0]) => promotion({ actions: [{ type: 'order-fixed', amountPaise: 100_00 }], ...extra });
    const shopper = { level: 'Mystical Novice' as const, ordersPlaced: 2, uses: new Map([[6, 1]]) };
    const unavailable = [
      off({ id: 2, paused: true }),
      off({ id: 3, startsAt: new Date(NOW.getTime() + 1000) }),
      off({ id: 4, endsAt: new Date(NOW.getTime() - 1000) }),
      off({ id: 5, usageLimit: 3, usedCount: 3 }),
      off({ id: 6, perCustomerLimit: 1 }),
    ];
    expect(evaluatePromotions(bill, basket, unavailable, contextOf({ shopper })).applied).toEqual([]);
  });

  it('names the nearest automatic offer the basket does not reach yet', () => {
    const { basket, bill } = basketOf(line(1, 1149_00));
    const further = promotion({ id: 9, conditions: [{ type: 'minimum-subtotal', amountPaise: 2999_00 }], actions: [{ type: 'order-fixed', amountPaise: 300_00 }] });
    const outcome = evaluatePromotions(bill, basket, [further, vialOver1499], contextOf());
    expect(outcome.next).toEqual({ promotionId: 1, shortfallPaise: 350_00, message: 'Add ₹350 more for a free Moon Dust (2ml)' });
    const reached = basketOf(line(1, 1500_00));
    expect(evaluatePromotions(reached.bill, reached.basket, [further, vialOver1499], contextOf()).next?.promotionId).toBe(9);
  });

  it('weighs a waived Cash on Delivery fee by the fee it saves', () => {
    const { basket, bill } = basketOf(line(1, 1000_00));
    const waive = promotion({ id: 4, combinable: false, actions: [{ type: 'waive-cod-fee' }] });
    const small = promotion({ id: 5, combinable: false, actions: [{ type: 'order-fixed', amountPaise: 20_00 }] });
    expect(evaluatePromotions(bill, basket, [waive, small], contextOf({ codFeePaise: 49_00 })).codFeeWaivedBy?.promotionId).toBe(4);
    expect(evaluatePromotions(bill, basket, [waive, small], contextOf({ codFeePaise: 0 })).applied.map((p) => p.id)).toEqual([5]);
  });
});

const filterArb = fc.record({ categoryIds: fc.constantFrom(undefined, ['attars'], ['oils']), sizes: fc.constantFrom(undefined, ['50ml'], ['10ml']) });
const conditionArb: fc.Arbitrary<ConditionSpec> = fc.oneof(
  fc.record({ type: fc.constant('minimum-subtotal' as const), amountPaise: fc.integer({ min: 0, max: 5000_00 }) }),
  fc.record({ type: fc.constant('contains' as const), filter: filterArb, minimumQuantity: fc.integer({ min: 1, max: 4 }) }),
);
const actionArb: fc.Arbitrary<ActionSpec> = fc.oneof(
  fc.record({ type: fc.constant('order-percent' as const), percentBp: fc.integer({ min: 1, max: 10_000 }), maximumPaise: fc.option(fc.integer({ min: 1, max: 2000_00 })) }),
  fc.record({ type: fc.constant('order-fixed' as const), amountPaise: fc.integer({ min: 1, max: 5000_00 }) }),
  fc.record({ type: fc.constant('lines-percent' as const), filter: filterArb, percentBp: fc.integer({ min: 1, max: 10_000 }) }),
  fc.record({ type: fc.constant('lines-fixed' as const), filter: filterArb, amountPaise: fc.integer({ min: 1, max: 5000_00 }) }),
  fc.record({ type: fc.constant('buy-get' as const), filter: filterArb, buy: fc.integer({ min: 1, max: 3 }), get: fc.integer({ min: 1, max: 2 }), percentBp: fc.integer({ min: 1, max: 10_000 }) }),
  fc.constant({ type: 'free-gift' as const, productId: 99, size: '2ml', quantity: 1 }),
  fc.constant({ type: 'waive-cod-fee' as const }),
);
const promotionArb = fc.record({
  id: fc.integer({ min: 1, max: 1000 }),
  conditions: fc.array(conditionArb, { maxLength: 2 }),
  actions: fc.array(actionArb, { minLength: 1, maxLength: 2 }),
  combinable: fc.boolean(),
  priority: fc.integer({ min: 1, max: 10 }),
});
const linesArb = fc.uniqueArray(
  fc.record({ productId: fc.integer({ min: 1, max: 50 }), unit: fc.integer({ min: 1, max: 3000_00 }), quantity: fc.integer({ min: 1, max: 5 }), oil: fc.boolean(), small: fc.boolean() }),
  { selector: (l) => l.productId, minLength: 1, maxLength: 10 },
);

describe('evaluating any promotions on any basket', () => {
  it('keeps the bill sound: allocations add up, no line below zero, the total never above the subtotal, gifts free', () => {
    fc.assert(
      fc.property(linesArb, fc.array(promotionArb, { maxLength: 5 }), fc.integer({ min: 0, max: 99_00 }), (raw, specs, codFeePaise) => {
        const lines: OfferLine[] = raw.map((l) => line(l.productId, l.unit, l.quantity, { categoryId: l.oil ? 'oils' : 'attars', size: l.small ? '10ml' : '50ml' }));
        const { basket, bill } = basketOf(...lines);
        const promotions = specs.map((spec, index) => promotion({ ...spec, id: index + 1 }));
        const outcome = evaluatePromotions(bill, basket, promotions, contextOf({ codFeePaise }));
        expect(billProblems(outcome.bill)).toEqual([]);
        const totals = billTotals(outcome.bill);
        expect(totals.totalPaise).toBeGreaterThanOrEqual(0);
        expect(totals.totalPaise).toBeLessThanOrEqual(billTotals(bill).subtotalPaise);
        for (const gift of outcome.gifts) expect(lineNetPaise(outcome.bill, gift.key)).toBe(0);
        const exclusive = outcome.applied.filter((p) => !p.combinable);
        expect(exclusive.length === 0 || outcome.applied.length === 1).toBe(true);
        for (const adjustment of outcome.bill.adjustments) expect(outcome.applied.map((p) => p.id)).toContain(adjustment.promotionId);
      }),
      { numRuns: 400 },
    );
  });
});
