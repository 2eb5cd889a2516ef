import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, migrationsUpTo } from '../../tests/support/migrations-up-to.ts';
import { billOf, billProblems, billTotals, withAdjustment, withCharge, type Adjustment, type Bill, type Charge } from '../../domain/bill.ts';
import { taxBill, taxLines } from '../../domain/gst.ts';
import { EMBEDDED_EXTENSIONS } from './client.ts';

/** The last migration of orders with fixed money columns. */
const BEFORE_BILL_LISTS = '0031_abuse_limits';

/** A seeded random number generator, so a failure names orders that can be made again. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

interface OldOrder {
  id: string;
  lines: { productId: number; size: string; lineTotalPaise: number }[];
  discountPaise: number;
  codFeePaise: number;
  code: string | null;
}

describe('the migration of fixed money columns to the bill as lists', () => {
  // The later migrations create contrib extensions, which the embedded database loads as the shop's does.
  const client = new PGlite({ extensions: EMBEDDED_EXTENSIONS });
  const db = drizzle(client);
  const old: OldOrder[] = [];
  let oldFolder = '';

  beforeAll(async () => {
    oldFolder = migrationsUpTo(BEFORE_BILL_LISTS);
    await migrate(db, { migrationsFolder: oldFolder });
    await client.exec(`
      insert into users (id, name, email, password_hash) values ('00000000-0000-4000-8000-000000000001', 'Mira', 'mira@deosil.test', 'x');
      insert into categories (id, name) values ('attars', 'Attars');
      insert into products (id, slug, name, category_id, price_paise) select g, 'potion-' || g, 'Potion ' || g, 'attars', 10000 from generate_series(1, 8) g;`);
    const random = seeded(2026);
    const pick = (below: number) => Math.floor(random() * below);
    for (let n = 0; n < 60; n += 1) {
      const count = 1 + pick(5);
      const lines = Array.from({ length: count }, (_, index) => ({ productId: index + 1, size: pick(2) ? '50ml' : '10ml', lineTotalPaise: 1 + pick(900_000) }));
      const subtotal = lines.reduce((sum, line) => sum + line.lineTotalPaise, 0);
      // Some orders have no discount, some are discounted to nothing; a third pay a COD fee.
      const discountPaise = n % 4 === 0 ? 0 : n % 11 === 0 ? subtotal : pick(subtotal + 1);
      const codFeePaise = n % 3 === 0 ? 1 + pick(9_900) : 0;
      const code = discountPaise > 0 && n % 5 !== 0 ? `FEST${n}` : null;
      const id = `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;
      old.push({ id, lines, discountPaise, codFeePaise, code });
      const total = subtotal - discountPaise + codFeePaise;
      const snapshot = JSON.stringify(
        lines.map((line) => ({ ...line, name: `Potion ${line.productId}`, slug: 'p', categoryId: 'attars', quantity: 1, unitPricePaise: line.lineTotalPaise, image: null })),
      );
      const coupon = code ? JSON.stringify({ festivalId: null, code, name: 'Festival', couponType: 'fixed', discountPaise }) : null;
      await client.query(
        `insert into checkouts (id, user_id, provider, provider_order_id, amount_paise, subtotal_paise, discount_paise, lines, coupon, customer, shipping_address)
         values ($1, '00000000-0000-4000-8000-000000000001', 'sandbox', $2, $3, $4, $5, $6, $7, '{}', '{}')`,
        [id, `order_${n}`, Math.max(100, total), subtotal, discountPaise, snapshot, coupon],
      );
      await client.query(
        `insert into orders (id, order_number, user_id, checkout_id, payment_provider, provider_order_id, subtotal_paise, discount_paise, cod_fee_paise, total_paise, coupon, customer_name, customer_email, shipping_address)
         values ($1, $2, '00000000-0000-4000-8000-000000000001', $1, 'sandbox', $3, $4, $5, $6, $7, $8, 'Mira', 'mira@deosil.test', '{}')`,
        [id, `DP-MIG-${n}`, `order_${n}`, subtotal, discountPaise, codFeePaise, total, coupon],
      );
      for (const line of lines) {
        await client.query(
          `insert into order_items (order_id, product_id, name, slug, category_id, size, quantity, unit_price_paise, line_total_paise) values ($1, $2, 'Potion', 'p', 'attars', $3, 1, $4, $4)`,
          [id, line.productId, line.size, line.lineTotalPaise],
        );
      }
    }
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  });

  afterAll(async () => {
    await client.close();
    rmSync(oldFolder, { recursive: true, force: true });
  });

  /** The bill the shop makes today from the same figures: the reference the stored lists must equal. */
  function billNowOf(order: OldOrder): Bill {
    let bill = billOf(order.lines.map((line) => ({ key: `${line.productId}-${line.size}`, amountPaise: line.lineTotalPaise })));
    bill = withAdjustment(bill, { kind: 'coupon', label: order.code ? `Discount (${order.code})` : 'Discount', code: order.code, amountPaise: order.discountPaise });
    return withCharge(bill, { kind: 'cod-fee', amountPaise: order.codFeePaise });
  }

  it("gives every order a bill that equals its old totals, allocated as its invoice's tax was", async () => {
    const { rows } = await client.query<{ id: string; adjustments: Adjustment[]; charges: Charge[]; charges_paise: number; subtotal_paise: number; discount_paise: number; total_paise: number }>(
      'select id, adjustments, charges, charges_paise, subtotal_paise, discount_paise, total_paise from orders order by id',
    );
    expect(rows).toHaveLength(old.length);
    for (const row of rows) {
      const order = old.find((candidate) => candidate.id === row.id)!;
      const bill: Bill = { lines: billNowOf(order).lines, adjustments: row.adjustments, charges: row.charges };
      expect(billProblems(bill), order.id).toEqual([]);
      const subtotal = order.lines.reduce((sum, line) => sum + line.lineTotalPaise, 0);
      expect(billTotals(bill), order.id).toEqual({
        subtotalPaise: subtotal,
        adjustmentsPaise: order.discountPaise,
        chargesPaise: order.codFeePaise,
        totalPaise: subtotal - order.discountPaise + order.codFeePaise,
      });
      expect(row.charges_paise).toBe(order.codFeePaise);
      expect(bill, order.id).toEqual(billNowOf(order));
      // The tax read from the stored bill is the tax the old figures gave, line for line.
      const rated = order.lines.map((line, index) => ({ amountPaise: line.lineTotalPaise, rateBp: index % 2 ? 500 : 1800 }));
      const rateOf = new Map(bill.lines.map((line, index) => [line.key, rated[index]!.rateBp]));
      expect(taxBill(bill, (line) => rateOf.get(line.key)!, 'intra-state')).toEqual(taxLines(rated, order.discountPaise, 'intra-state', order.codFeePaise));
    }
  });

  it("gives a checkout awaiting its payment its coupon as an adjustment", async () => {
    const { rows } = await client.query<{ id: string; adjustments: Adjustment[] }>('select id, adjustments from checkouts');
    for (const row of rows) {
      const order = old.find((candidate) => candidate.id === row.id)!;
      expect(row.adjustments).toEqual(billNowOf(order).adjustments);
    }
  });

  it('refuses an order whose lists and sums disagree', async () => {
    const [order] = old.filter((candidate) => candidate.discountPaise > 0);
    await expect(client.query(`update orders set discount_paise = discount_paise - 1, total_paise = total_paise + 1 where id = $1`, [order!.id])).rejects.toThrow(/orders_adjustments_add_up/);
    await expect(client.query(`update orders set charges = '[]'::jsonb where id = $1 and charges_paise > 0`, [old.find((candidate) => candidate.codFeePaise > 0)!.id])).rejects.toThrow(
      /orders_charges_add_up/,
    );
    await expect(client.query(`update orders set total_paise = total_paise + 1 where id = $1`, [order!.id])).rejects.toThrow(/orders_totals_add_up/);
  });
});
