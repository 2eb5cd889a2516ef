// Promotion evaluation on its own (part of `npm run bench`): a 10-line basket priced against 50 live promotions,
// next to the same basket against none, in the same run. Pure CPU: no database, no HTTP. Prints µs per evaluation.
import { billOf } from '../domain/bill.ts';
import { evaluatePromotions } from '../domain/promotions/evaluate.ts';
import type { ActionSpec, ConditionSpec, OfferContext, OfferLine, Promotion } from '../domain/promotions/promotion.ts';

const CATEGORIES = ['signature', 'ritual', 'seduction', 'protection', 'transformation', 'wisdom', 'healing'];
const lines: OfferLine[] = Array.from({ length: 10 }, (_, index) => ({
  key: `${index + 1}-15ml`,
  productId: index + 1,
  categoryId: CATEGORIES[index % CATEGORIES.length]!,
  size: index % 2 ? '15ml' : '50ml',
  quantity: 1 + (index % 3),
  unitPricePaise: 499_00 + index * 137_00,
}));
const bill = billOf(lines.map((line) => ({ key: line.key, amountPaise: line.unitPricePaise * line.quantity })));

/** Fifty promotions of every kind, a third exclusive, some out of reach, as a busy festival week might have. */
function promotions(): Promotion[] {
  const actions: ActionSpec[] = [
    { type: 'order-percent', percentBp: 500, maximumPaise: 500_00 },
    { type: 'order-fixed', amountPaise: 100_00 },
    { type: 'lines-percent', filter: { categoryIds: ['ritual'] }, percentBp: 1500 },
    { type: 'lines-fixed', filter: { sizes: ['15ml'] }, amountPaise: 50_00 },
    { type: 'buy-get', filter: { categoryIds: ['protection', 'wisdom'] }, buy: 2, get: 1, percentBp: 10_000 },
    { type: 'free-gift', productId: 99, size: '15ml', quantity: 1 },
    { type: 'waive-cod-fee' },
  ];
  const conditions: ConditionSpec[][] = [[], [{ type: 'minimum-subtotal', amountPaise: 1499_00 }], [{ type: 'contains', filter: { categoryIds: ['healing'] }, minimumQuantity: 1 }], [{ type: 'minimum-subtotal', amountPaise: 99_999_00 }]];
  return Array.from({ length: 50 }, (_, index) => ({
    id: index + 1,
    name: `Offer ${index + 1}`,
    code: null,
    conditions: conditions[index % conditions.length]!,
    actions: [actions[index % actions.length]!],
    combinable: index % 3 !== 0,
    priority: 1 + (index % 10),
    paused: false,
    startsAt: new Date('2026-01-01T00:00:00Z'),
    endsAt: null,
    usageLimit: null,
    usedCount: 0,
    perCustomerLimit: null,
    festivalId: null,
  }));
}

const context: OfferContext = {
  now: new Date('2026-11-27T10:00:00Z'),
  shopper: null,
  code: null,
  gifts: new Map([['99-15ml', { productId: 99, size: '15ml', name: 'First Rain', categoryId: 'healing', unitPricePaise: 399_00, available: 1000 }]]),
  codFeePaise: 49_00,
};

function microsecondsPerRun(live: readonly Promotion[], runs: number): number {
  for (let warm = 0; warm < 2000; warm += 1) evaluatePromotions(bill, { lines }, live, context);
  const started = process.hrtime.bigint();
  for (let run = 0; run < runs; run += 1) evaluatePromotions(bill, { lines }, live, context);
  return Number(process.hrtime.bigint() - started) / 1000 / runs;
}

const RUNS = Number(process.env.BENCH_PROMOTION_RUNS ?? 20_000);
const none = microsecondsPerRun([], RUNS);
const fifty = microsecondsPerRun(promotions(), RUNS);
console.log(`\nPromotion evaluation, 10-line basket, ${RUNS} runs each: none ${none.toFixed(1)} µs, 50 live promotions ${fifty.toFixed(1)} µs (${(fifty / Math.max(none, 0.001)).toFixed(0)}× the empty run)`);
