import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/orders.ts';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../../../domain/orders.ts';
import { orderItems, orders, products } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { placeOrder } from '../../../tests/support/checkout.ts';
import { insertOrder, twoProducts } from '../../../tests/support/order-rows.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { foldRollupSlots } from './sales-rollup-folding.ts';
import { salesSpan } from './sales-rollup.ts';

let shop: TestShop;
let customerId: string;
let customerToken: string;
let adminToken: string;

beforeAll(async () => {
  shop = await startTestShop();
  const customer = await registerCustomer(shop);
  customerId = customer.user.id;
  customerToken = customer.token;
  adminToken = await signInAdmin(shop);
});
afterAll(async () => {
  await shop?.close();
});

type Rows = { rows: Record<string, unknown>[] };
const query = async (statement: ReturnType<typeof sql>) => ((await shop.database.db.execute(statement)) as unknown as Rows).rows.map((row) => JSON.stringify(row));

/** The rollup (its slots added up) must always equal the same sums worked out from scratch from orders and their lines. */
async function expectRollupMatchesOrders() {
  const spent = sql`o.payment_status = 'paid' and o.status <> 'cancelled'`;
  const day = sql`(o.created_at at time zone 'Asia/Kolkata')::date::text`;
  expect(await query(sql`select day::text as day, sum(orders)::int as orders, sum(revenue_paise)::bigint::text as revenue from daily_sales group by 1 having sum(orders) <> 0 or sum(revenue_paise) <> 0 order by 1`)).toEqual(
    await query(sql`select ${day} as day, count(*)::int as orders, sum(o.total_paise - o.refunded_paise)::bigint::text as revenue from orders o where ${spent} group by 1 order by 1`),
  );
  expect(
    await query(
      sql`select day::text as day, product_id, category_id, sum(units)::int as units, sum(revenue_paise)::bigint::text as revenue from daily_product_sales
        group by 1, 2, 3 having sum(units) <> 0 or sum(revenue_paise) <> 0 order by 1, 2, 3`,
    ),
  ).toEqual(
    await query(sql`select ${day} as day, i.product_id, i.category_id, sum(i.quantity)::int as units, sum(i.line_total_paise)::bigint::text as revenue
      from order_items i join orders o on o.id = i.order_id where ${spent} group by 1, 2, 3 order by 1, 2, 3`),
  );
}

describe('daily sales rollup', () => {
  it('follows a paid checkout, an admin cancel and a reopen', async () => {
    const [product] = await shop.database.db.select().from(products).where(eq(products.slug, 'nazar'));
    await shop.database.db.update(products).set({ inventory: 20 }).where(eq(products.id, product!.id));
    const order: Order = await placeOrder(shop, customerToken, [{ productId: product!.id, size: '30ml', quantity: 2 }]);
    const today = (await query(sql`select coalesce(sum(orders), 0)::int as orders from daily_sales where day = (now() at time zone 'Asia/Kolkata')::date`))[0];
    expect(today).toBe(JSON.stringify({ orders: 1 }));
    await expectRollupMatchesOrders();

    const setStatus = (status: string) => call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: adminToken, body: { status } });
    expect((await setStatus('cancelled')).status).toBe(200);
    expect(await query(sql`select coalesce(sum(orders), 0)::int as orders from daily_sales where day = (now() at time zone 'Asia/Kolkata')::date`)).toEqual([JSON.stringify({ orders: 0 })]);
    await expectRollupMatchesOrders();
    expect((await setStatus('processing')).status).toBe(200);
    await expectRollupMatchesOrders();
    expect((await setStatus('shipped')).status).toBe(200);
    await expectRollupMatchesOrders();
  });

  it('counts a partly returned order at what the shop kept: the dashboard and analytics revenue drop by the refund', async () => {
    const [product] = await shop.database.db.select().from(products).where(eq(products.slug, 'hush'));
    await shop.database.db.update(products).set({ inventory: 20 }).where(eq(products.id, product!.id));
    const revenue = async () => {
      const dashboard = await call(shop, 'GET', '/api/admin/dashboard?period=today', { token: adminToken });
      const analytics = await call(shop, 'GET', '/api/admin/analytics?period=7days', { token: adminToken });
      return { dashboard: (dashboard.body.stats as { revenue: { value: number } }).revenue.value, analytics: (analytics.body.kpis as { revenue: { value: number } }).revenue.value };
    };
    const before = await revenue();
    const order: Order = await placeOrder(shop, customerToken, [{ productId: product!.id, size: '15ml', quantity: 2 }]);
    const placed = await revenue();
    expect(placed.dashboard - before.dashboard).toBeCloseTo(order.total, 2);
    expect(placed.analytics - before.analytics).toBeCloseTo(order.total, 2);

    expect((await call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: adminToken, body: { status: 'delivered' } })).status).toBe(200);
    const asked = await call(shop, 'POST', `/api/orders/${order.orderNumber}/returns`, { token: customerToken, body: { lines: [{ orderItemId: order.items[0]!.id, quantity: 1 }], reason: 'changed-my-mind' } });
    const returnId = (asked.body.return as { id: number }).id;
    expect((await call(shop, 'PUT', `/api/admin/returns/${returnId}`, { token: adminToken, body: { action: 'approve' } })).status).toBe(200);
    const received = await call(shop, 'PUT', `/api/admin/returns/${returnId}`, { token: adminToken, body: { action: 'receive', restock: true } });
    const refunded = (received.body.return as { refundAmount: number }).refundAmount;
    expect(refunded).toBeGreaterThan(0);

    const after = await revenue();
    expect(after.dashboard - before.dashboard).toBeCloseTo(order.total - refunded, 2);
    expect(after.analytics - before.analytics).toBeCloseTo(order.total - refunded, 2);
    await expectRollupMatchesOrders();
  });

  it('never deadlocks checkouts against an admin cancelling and reopening an order of the same potion', async () => {
    const [product] = await shop.database.db.select().from(products).where(eq(products.slug, 'nazar'));
    await shop.database.db.update(products).set({ inventory: 100 }).where(eq(products.id, product!.id));
    const item = [{ productId: product!.id, size: '30ml', quantity: 1 }];
    const order = await placeOrder(shop, customerToken, item);
    const buyers = await Promise.all(Array.from({ length: 8 }, () => registerCustomer(shop)));
    const setStatus = (status: string) => call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: adminToken, body: { status } });
    const adminFlips = (async () => {
      const answers = [];
      for (let round = 0; round < 4; round += 1) answers.push((await setStatus('cancelled')).status, (await setStatus('processing')).status);
      return answers;
    })();
    const placed = await Promise.all(buyers.map((buyer) => placeOrder(shop, buyer.token, item)));
    expect(await adminFlips).toEqual(Array(8).fill(200));
    expect(placed.every((entry) => entry.status === 'pending')).toBe(true);
    await expectRollupMatchesOrders();
  });

  it('stays equal to the orders through any sequence of writes, lines and deletions included', async () => {
    const [potion, elixir] = await twoProducts(shop.database.db);
    const db = shop.database.db;
    const line = fc.record({ product: fc.constantFrom(potion, elixir), quantity: fc.integer({ min: 1, max: 4 }), unitPricePaise: fc.integer({ min: 100, max: 500_000 }) });
    // Around midnight in India (18:30 UTC) on a few days, so the shop day of each order matters.
    const placedAt = fc.record({ day: fc.integer({ min: 0, max: 3 }), minute: fc.integer({ min: -3, max: 3 }) }).map(({ day, minute }) => new Date(Date.UTC(2026, 10, 10 + day, 18, 30 + minute)));
    // Mostly orders that count, so that most steps change what the rollup holds.
    const payment = fc.oneof({ arbitrary: fc.constant('paid' as const), weight: 4 }, { arbitrary: fc.constantFrom(...PAYMENT_STATUSES), weight: 1 });
    const status = fc.oneof({ arbitrary: fc.constantFrom(...ORDER_STATUSES.filter((name) => name !== 'cancelled')), weight: 4 }, { arbitrary: fc.constant('cancelled' as const), weight: 1 });
    const step = fc.oneof(
      fc.record({ kind: fc.constant('place' as const), at: placedAt, lines: fc.array(line, { minLength: 1, maxLength: 3 }), status, payment }),
      fc.record({ kind: fc.constant('status' as const), pick: fc.nat(), status }),
      fc.record({ kind: fc.constant('payment' as const), pick: fc.nat(), payment }),
      fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), at: placedAt }),
      fc.record({ kind: fc.constant('add line' as const), pick: fc.nat(), line }),
      fc.record({ kind: fc.constant('change line' as const), pick: fc.nat(), quantity: fc.integer({ min: 1, max: 9 }) }),
      fc.record({ kind: fc.constant('drop line' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
      // A refund of part of the order (a return), or a failed one put back: a share of the total, in hundredths.
      fc.record({ kind: fc.constant('refund' as const), pick: fc.nat(), share: fc.integer({ min: 0, max: 100 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        const placed: string[] = [];
        const picked = (pick: number) => placed[pick % placed.length];
        for (const action of steps) {
          if (action.kind === 'place') {
            const lines = action.lines.map(({ product, ...rest }) => ({ productId: product.id, categoryId: product.categoryId, ...rest }));
            placed.push((await insertOrder(db, { userId: customerId, createdAt: action.at, lines, status: action.status, paymentStatus: action.payment })).id);
            continue;
          }
          const id = picked(action.pick);
          if (!id) continue;
          if (action.kind === 'status') await db.update(orders).set({ status: action.status }).where(eq(orders.id, id));
          if (action.kind === 'payment') await db.update(orders).set({ paymentStatus: action.payment }).where(eq(orders.id, id));
          if (action.kind === 'move') await db.update(orders).set({ createdAt: action.at }).where(eq(orders.id, id));
          if (action.kind === 'refund') await db.update(orders).set({ refundedPaise: sql`(${orders.totalPaise} * ${action.share}) / 100` }).where(eq(orders.id, id));
          if (action.kind === 'delete') {
            await db.delete(orders).where(eq(orders.id, id));
            placed.splice(placed.indexOf(id), 1);
          }
          const [first] = await db.select().from(orderItems).where(eq(orderItems.orderId, id)).limit(1);
          if (action.kind === 'add line') {
            const { product, quantity, unitPricePaise } = action.line;
            await db.insert(orderItems).values({ orderId: id, productId: product.id, name: `Potion ${product.id}`, slug: `potion-${product.id}`, categoryId: product.categoryId, size: '50ml', quantity, unitPricePaise, lineTotalPaise: quantity * unitPricePaise });
          }
          if (action.kind === 'change line' && first) await db.update(orderItems).set({ quantity: action.quantity, lineTotalPaise: action.quantity * first.unitPricePaise }).where(eq(orderItems.id, first.id));
          if (action.kind === 'drop line' && first) await db.delete(orderItems).where(eq(orderItems.id, first.id));
        }
        await expectRollupMatchesOrders();
      }),
      { numRuns: 40 },
    );
  });
});

describe('salesSpan', () => {
  it('reads whole shop days from the rollup and the unfinished day from the orders', () => {
    const span = salesSpan(new Date('2026-11-15T18:30:00Z'), new Date('2026-11-22T06:00:00Z'));
    expect(span).toEqual({ firstDay: '2026-11-16', endDay: '2026-11-22', tailFrom: new Date('2026-11-21T18:30:00Z'), tailTo: new Date('2026-11-22T06:00:00Z') });
    const today = salesSpan(new Date('2026-11-21T18:30:00Z'), new Date('2026-11-22T06:00:00Z'));
    expect(today).toMatchObject({ firstDay: '2026-11-22', endDay: '2026-11-22', tailFrom: new Date('2026-11-21T18:30:00Z') });
  });

  it('folds the finished days into one row per day and product, keeping every sum, and the day still open untouched', async () => {
    const db = shop.database.db;
    const [potion, elixir] = await twoProducts(db);
    const lines = [
      { productId: potion.id, categoryId: potion.categoryId, quantity: 2, unitPricePaise: 120_000 },
      { productId: elixir.id, categoryId: elixir.categoryId, quantity: 1, unitPricePaise: 90_000 },
    ];
    // Enough orders on each of three shop days that every day has several slots in use.
    const days = ['2026-09-01', '2026-09-02', '2026-09-03'];
    const placed: string[] = [];
    for (const day of days) {
      for (let index = 0; index < 12; index += 1) placed.push((await insertOrder(db, { userId: customerId, createdAt: new Date(`${day}T0${index % 10}:00:00+05:30`), lines })).id);
    }
    const slotRows = async (table: 'daily_sales' | 'daily_product_sales', day: string) =>
      Number(((await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where day = ${day} and slot <> 0`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
    expect(await slotRows('daily_sales', '2026-09-01')).toBeGreaterThan(0);

    expect(await foldRollupSlots(db, '2026-09-03')).toBeGreaterThan(0);
    for (const day of ['2026-09-01', '2026-09-02']) {
      expect(await slotRows('daily_sales', day)).toBe(0);
      expect(await slotRows('daily_product_sales', day)).toBe(0);
    }
    expect(await slotRows('daily_sales', '2026-09-03')).toBeGreaterThan(0);
    await expectRollupMatchesOrders();

    // A late change to a folded day lands in its order's slot again, still adds up, and the next run folds it.
    await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, placed[0]!));
    await expectRollupMatchesOrders();
    await foldRollupSlots(db, '2026-09-03');
    expect(await slotRows('daily_sales', '2026-09-01')).toBe(0);
    await expectRollupMatchesOrders();
  });

  it('refuses a span that does not start at a shop midnight', () => {
    expect(() => salesSpan(new Date('2026-11-15T18:00:00Z'), new Date('2026-11-22T06:00:00Z'))).toThrow(RangeError);
  });
});
