import { describe, expect, it } from 'vitest';

/** The shop-wide figures read from the database: jobs, orders, payments and withheld e-mails, one query each. */
const FIGURES = 4;
import { ShopMetrics } from './metrics.ts';

/** A database that answers every grouping query with the given figures and counts the queries it is sent. */
function countingDatabase(answer: (query: string) => Record<string, unknown>[] | Error) {
  const queries: string[] = [];
  return {
    queries,
    database: {
      poolStats: () => undefined,
      executeSql: async (query: string) => {
        queries.push(query);
        const rows = answer(query);
        if (rows instanceof Error) throw rows;
        return { rows };
      },
    },
  };
}

const ordersAnswer = (count: number) => (query: string) => (query.includes('from orders') ? [{ status: 'placed', payment_status: 'paid', count }] : []);

describe('the shop-wide figures of /metrics', () => {
  it('are read once for the scrapes within their age, and again once they are older', async () => {
    let clock = 1_000;
    let orders = 3;
    const { database, queries } = countingDatabase((query) => ordersAnswer(orders)(query));
    const metrics = new ShopMetrics();
    metrics.watch({ database, openStreams: () => 0, shopFiguresMaxAgeMs: 15_000, now: () => clock });

    expect(await metrics.registry.metrics()).toMatch(/^shop_orders\{status="placed",payment_status="paid"\} 3$/m);
    expect(queries).toHaveLength(FIGURES);

    orders = 4;
    clock += 14_999;
    const [first, second] = await Promise.all([metrics.registry.metrics(), metrics.registry.metrics()]);
    expect(queries).toHaveLength(FIGURES);
    expect(first).toMatch(/^shop_orders\{status="placed",payment_status="paid"\} 3$/m);
    expect(second).toMatch(/^shop_orders\{status="placed",payment_status="paid"\} 3$/m);

    clock += 1;
    expect(await metrics.registry.metrics()).toMatch(/^shop_orders\{status="placed",payment_status="paid"\} 4$/m);
    expect(queries).toHaveLength(2 * FIGURES);
  });

  it('do not keep a failed reading: the next scrape asks again', async () => {
    let failing = true;
    const { database, queries } = countingDatabase((query) => (failing ? new Error('database away') : ordersAnswer(2)(query)));
    const metrics = new ShopMetrics();
    metrics.watch({ database, openStreams: () => 0, now: () => 5_000 });

    expect(await metrics.registry.metrics()).not.toMatch(/^shop_orders\{/m);
    failing = false;
    expect(await metrics.registry.metrics()).toMatch(/^shop_orders\{status="placed",payment_status="paid"\} 2$/m);
    expect(queries).toHaveLength(2 * FIGURES);
  });
});
