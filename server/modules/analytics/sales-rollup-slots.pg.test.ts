import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer } from '../../../tests/support/accounts.ts';
import { insertOrder, twoProducts } from '../../../tests/support/order-rows.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

// PostgreSQL only: it holds two transactions open on two connections and watches one wait (or not) for the other.
let shop: TestShop;
let first: pg.Client;
let second: pg.Client;

beforeAll(async () => {
  shop = await startTestShop();
  first = new pg.Client({ connectionString: shop.database.url });
  second = new pg.Client({ connectionString: shop.database.url });
  await Promise.all([first.connect(), second.connect()]);
  // Long enough for a free row, far shorter than a lock held until the other transaction ends.
  await second.query(`set lock_timeout = '2s'`);
});
afterAll(async () => {
  await Promise.all([first?.end(), second?.end()]);
  await shop?.close();
});

const rows = async <Row>(statement: ReturnType<typeof sql>) => ((await shop.database.db.execute(statement)) as unknown as { rows: [Row, ...Row[]] }).rows;

describe("a day's sales rollup spread over slots", () => {
  it('lets two orders of the same day and potion be counted at once when their slots differ, and queues them when they share one', async () => {
    const db = shop.database.db;
    const [potion] = await twoProducts(db);
    const customer = (await registerCustomer(shop)).user;
    const placedAt = new Date();
    const line = { productId: potion.id, categoryId: potion.categoryId, quantity: 1, unitPricePaise: 150_000 };
    // Unpaid orders of one day, until two of them share a slot and a third has another.
    const bySlot = new Map<number, string[]>();
    while (![...bySlot.values()].some((ids) => ids.length >= 2) || bySlot.size < 2) {
      const { id } = await insertOrder(db, { userId: customer.id, createdAt: placedAt, lines: [line], paymentStatus: 'pending' });
      const [{ slot }] = await rows<{ slot: number }>(sql`select daily_sales_slot(${id}::uuid) as slot`);
      bySlot.set(slot, [...(bySlot.get(slot) ?? []), id]);
    }
    const [holderSlot, [holder, sameSlot]] = [...bySlot].find(([, ids]) => ids.length >= 2)! as [number, [string, string]];
    const otherSlot = [...bySlot].find(([slot]) => slot !== holderSlot)![1][0]!;
    const markPaid = (client: pg.Client, id: string) => client.query(`update orders set payment_status = 'paid' where id = $1`, [id]);

    await first.query('begin');
    try {
      // The first order counts, and holds its slot's rows of the day until its transaction ends.
      await markPaid(first, holder);
      await second.query('begin');
      await markPaid(second, otherSlot);
      await second.query('commit');
      await second.query('begin');
      await expect(markPaid(second, sameSlot)).rejects.toThrow(/lock timeout/);
      await second.query('rollback');
    } finally {
      await first.query('commit');
    }
    const [{ orders }] = await rows<{ orders: number }>(sql`select sum(orders)::int as orders from daily_sales where day = (${placedAt.toISOString()}::timestamptz at time zone 'Asia/Kolkata')::date`);
    expect(orders).toBe(2);
  });
});
