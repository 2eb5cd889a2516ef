import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, migrationsUpTo } from '../../tests/support/migrations-up-to.ts';
import { billOf, billTotals, withAdjustment } from '../../domain/bill.ts';
import { discountPaise, refusalMessage, shortfallPaise, type CouponRefusal, type CouponTerms } from '../../domain/coupons.ts';
import { formatPaise } from '../../domain/money.ts';
import { applyFestivalCoupon } from '../../domain/promotions/festival-coupon.ts';
import type { OfferLine } from '../../domain/promotions/promotion.ts';
import { promotionOf, type PromotionRow } from '../modules/promotions/promotion-rows.ts';
import { EMBEDDED_EXTENSIONS } from './client.ts';
import { promotions } from './schema/index.ts';

/** The last migration with festival coupons on the festival's own row. */
const BEFORE = '0048_return_refund_to';
const NOW = new Date('2026-11-21T10:00:00Z');

/** A festival's coupon as the old rule read it off the festival's own row. */
interface CouponState extends CouponTerms {
  isActive: boolean;
  startsAt: Date;
  endsAt: Date;
  usageLimit?: number | null;
  usedCount: number;
}

/** The old rule (before 0049): why the coupon cannot be used now on this subtotal, or null when it can. */
function couponRefusal(coupon: CouponState, subtotalPaise: number, now: Date): CouponRefusal | null {
  if (!coupon.isActive) return { reason: 'inactive' };
  if (now < coupon.startsAt) return { reason: 'not-started', startsAt: coupon.startsAt };
  if (now > coupon.endsAt) return { reason: 'expired' };
  if (coupon.usageLimit != null && coupon.usedCount >= coupon.usageLimit) return { reason: 'used-up' };
  const shortfall = shortfallPaise(coupon, subtotalPaise);
  if (shortfall > 0) return { reason: 'below-minimum', shortfallPaise: shortfall };
  return null;
}

/** Festivals as they were stored, each with the coupon state the old rule read. */
const OLD: (CouponState & { id: number; code: string | null })[] = [
  { id: 1, code: 'DEEPAM15', type: 'percentage', value: 1500, maxDiscountPaise: 75_000, minimumOrderPaise: 199_900, isActive: true, usageLimit: 5, usedCount: 2, startsAt: new Date('2026-11-01T00:00:00Z'), endsAt: new Date('2026-12-01T00:00:00Z') },
  { id: 2, code: 'SOLSTICE300', type: 'fixed', value: 30_000, maxDiscountPaise: null, minimumOrderPaise: 0, isActive: true, usageLimit: null, usedCount: 7, startsAt: new Date('2026-11-01T00:00:00Z'), endsAt: new Date('2026-12-01T00:00:00Z') },
  { id: 3, code: 'TITHI12', type: 'percentage', value: 1250, maxDiscountPaise: null, minimumOrderPaise: 50_000, isActive: true, usageLimit: null, usedCount: 0, startsAt: new Date('2026-11-01T00:00:00Z'), endsAt: new Date('2026-12-01T00:00:00Z') },
  { id: 4, code: 'PAUSED', type: 'percentage', value: 1000, maxDiscountPaise: null, minimumOrderPaise: 0, isActive: false, usageLimit: 3, usedCount: 3, startsAt: new Date('2026-11-01T00:00:00Z'), endsAt: new Date('2026-12-01T00:00:00Z') },
  { id: 5, code: null, type: 'percentage', value: 0, maxDiscountPaise: null, minimumOrderPaise: 0, isActive: true, usageLimit: null, usedCount: 0, startsAt: new Date('2026-11-01T00:00:00Z'), endsAt: new Date('2026-12-01T00:00:00Z') },
];

const line = (productId: number, unitPricePaise: number, quantity = 1): OfferLine => ({ key: `${productId}-50ml`, productId, categoryId: 'attars', size: '50ml', quantity, unitPricePaise });
/** Baskets, some already reduced by an automatic promotion, which the coupon comes after. */
const BASKETS: { lines: OfferLine[]; promotionOffPaise: number }[] = [
  { lines: [line(1, 299_900)], promotionOffPaise: 0 },
  { lines: [line(1, 99_999), line(2, 133_333, 3)], promotionOffPaise: 0 },
  { lines: [line(1, 199_900)], promotionOffPaise: 10_001 },
  { lines: [line(1, 1_000_000, 2)], promotionOffPaise: 123_457 },
  { lines: [line(1, 20_000)], promotionOffPaise: 0 },
  { lines: [line(1, 45_000), line(2, 4_999)], promotionOffPaise: 4_000 },
];

describe('the migration of festival coupons into promotions', () => {
  const client = new PGlite({ extensions: EMBEDDED_EXTENSIONS });
  const db = drizzle(client);
  let oldFolder = '';

  beforeAll(async () => {
    oldFolder = migrationsUpTo(BEFORE);
    await migrate(db, { migrationsFolder: oldFolder });
    await client.exec(`insert into users (id, name, email, password_hash) values ('00000000-0000-4000-8000-000000000001', 'Mira', 'mira@deosil.test', 'x');`);
    for (const festival of OLD) {
      await client.query(
        `insert into festivals (id, name, festival_code, coupon_type, discount_value, max_discount_paise, minimum_order_paise, usage_limit, used_count, start_date, end_date, priority, is_active)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [festival.id, `Festival ${festival.id}`, festival.code, festival.type, festival.value, festival.maxDiscountPaise, festival.minimumOrderPaise, festival.usageLimit, festival.usedCount, festival.startsAt, festival.endsAt, festival.id + 2, festival.isActive],
      );
    }
    // Two checkouts with DEEPAM15: one still holding its use, one whose hold was released.
    for (const [n, holdState] of [[1, 'held'], [2, 'released']] as const) {
      await client.query(
        `insert into checkouts (id, user_id, provider, provider_order_id, amount_paise, subtotal_paise, discount_paise, lines, coupon, customer, shipping_address, hold_state)
         values ($1, '00000000-0000-4000-8000-000000000001', 'sandbox', $2, 254_915, 299_900, 44_985, '[]', $3, '{}', '{}', $4)`,
        [`00000000-0000-4000-9000-00000000000${n}`, `order_${n}`, JSON.stringify({ festivalId: 1, code: 'DEEPAM15', name: 'Festival 1', couponType: 'percentage', discountPaise: 44_985 }), holdState],
      );
    }
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  });

  afterAll(async () => {
    await client.close();
    rmSync(oldFolder, { recursive: true, force: true });
  });

  const couponOf = async (festivalId: number): Promise<PromotionRow> => {
    const rows = await db.select().from(promotions);
    return rows.find((row) => row.festivalId === festivalId)!;
  };

  it('makes each festival the promotion underneath it, keeping its code, switch, dates, cap and uses', async () => {
    for (const festival of OLD) {
      const coupon = await couponOf(festival.id);
      expect(coupon, `festival ${festival.id}`).toMatchObject({
        name: `Festival ${festival.id}`,
        code: festival.code,
        paused: !festival.isActive,
        startsAt: festival.startsAt,
        endsAt: festival.endsAt,
        priority: festival.id + 2,
        usageLimit: festival.usageLimit,
        usedCount: festival.usedCount,
      });
    }
    const { rows } = await client.query<{ column_name: string }>(`select column_name from information_schema.columns where table_name = 'festivals'`);
    expect(rows.map((row) => row.column_name)).not.toContain('festival_code');
  });

  it('prices every basket to the paisa as the old rule did, after the automatic promotions, or refuses it in the same words', async () => {
    for (const festival of OLD.filter((entry) => entry.code !== null)) {
      const coupon = promotionOf(await couponOf(festival.id));
      for (const basket of BASKETS) {
        let bill = billOf(basket.lines.map((entry) => ({ key: entry.key, amountPaise: entry.unitPricePaise * entry.quantity })));
        if (basket.promotionOffPaise) bill = withAdjustment(bill, { kind: 'promotion', label: 'New Moon offer', promotionId: 99, amountPaise: basket.promotionOffPaise });
        const totals = billTotals(bill);
        // The old rule: its minimum met by the potions bought, its discount of what they still cost.
        const refusal = couponRefusal(festival, totals.subtotalPaise, NOW);
        const priced = applyFestivalCoupon(coupon, bill, { lines: basket.lines }, NOW);
        const label = `${festival.code} on ${totals.subtotalPaise} less ${basket.promotionOffPaise}`;
        if (refusal) {
          expect(priced, label).toEqual({ ok: false, message: refusalMessage(refusal, formatPaise) });
        } else {
          expect(priced.ok, label).toBe(true);
          expect(priced.ok && priced.discountPaise, label).toBe(discountPaise(festival, totals.subtotalPaise - totals.adjustmentsPaise));
        }
      }
    }
  });

  it('records the uses checkouts held or had held, so a release gives one back and a late payment takes it again', async () => {
    const coupon = await couponOf(1);
    const { rows } = await client.query<{ checkout_id: string; state: string }>('select checkout_id, state from promotion_uses where promotion_id = $1 order by checkout_id', [coupon.id]);
    expect(rows).toEqual([
      { checkout_id: '00000000-0000-4000-9000-000000000001', state: 'taken' },
      { checkout_id: '00000000-0000-4000-9000-000000000002', state: 'released' },
    ]);
  });
});
