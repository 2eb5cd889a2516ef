import { and, eq, gte, inArray, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { SHOP_TIME_ZONE, shopDate } from '../../../domain/orders.ts';
import { shopMidnight, type Bucket } from '../../../domain/reporting-periods.ts';
import type { Database } from '../../db/client.ts';
import { RETURN_STATUSES_RECEIVED, unitsShareOfLine } from '../../../domain/returns.ts';
import { dailyProductSales, dailySales, orderItems, orderReturns, orders } from '../../db/schema/index.ts';
import { countsAsSpentSql } from '../orders/order-totals.ts';
import { within } from './time-filters.ts';

/**
 * Reads sales from the daily rollup (server/db/schema/sales-rollup.ts) plus the orders themselves for the
 * hours of the last, unfinished day. A span [from, to) starts at a shop midnight (every report period does);
 * whole days before `to`'s own day come from the rollup, the rest from `orders`, so a figure means exactly
 * 'orders placed from `from` up to `to`' while a year costs a few thousand rollup rows and one day of orders.
 */
export interface SalesSpan {
  /** First whole shop day read from the rollup (YYYY-MM-DD). */
  firstDay: string;
  /** The day after the last whole day read from the rollup: `to`'s own shop day. */
  endDay: string;
  /** The orders read directly: from `to`'s shop midnight (or `from`, if later) up to `to`. */
  tailFrom: Date;
  tailTo: Date;
}

export function salesSpan(from: Date, to: Date): SalesSpan {
  const firstDay = shopDate(from);
  if (shopMidnight(firstDay).getTime() !== from.getTime()) throw new RangeError(`A sales span starts at a shop midnight, not at ${from.toISOString()}`);
  const endDay = shopDate(to);
  const dayStart = shopMidnight(endDay);
  return { firstDay, endDay, tailFrom: dayStart > from ? dayStart : from, tailTo: to };
}

const rollupDays = (day: typeof dailySales.day | typeof dailyProductSales.day, span: SalesSpan) => and(gte(day, span.firstDay), lt(day, span.endDay));
const tailOrders = (span: SalesSpan) => and(within(orders.createdAt, span.tailFrom, span.tailTo), countsAsSpentSql);
/** What an order brought in: its total less what was refunded of it (returns), as the rollup counts it. */
const keptPaise = sql<number>`(${orders.totalPaise} - ${orders.refundedPaise})::bigint`;

/** The shop-time bucket (day or Monday-based week) of a timestamp or a date, as YYYY-MM-DD. */
export function bucketKey(bucket: Bucket, value: SQL): SQL<string> {
  return sql<string>`to_char(date_trunc(${sql.raw(`'${bucket}'`)}, ${value}), 'YYYY-MM-DD')`;
}

export const shopTime = (column: AnyColumn): SQL => sql`(${column} at time zone ${sql.raw(`'${SHOP_TIME_ZONE}'`)})`;

export interface SpentTotals {
  orders: number;
  revenuePaise: number;
}

/** Orders counting as spent and their revenue (after coupons and refunds) in each of several spans, in one query. */
export async function spentTotals<K extends string>(db: Database, spans: Record<K, SalesSpan>): Promise<Record<K, SpentTotals>> {
  const rollupPart = (label: string, span: SalesSpan) =>
    db
      .select({ label: sql<string>`${label}::text`.as('label'), orders: sql<number>`${dailySales.orders}::bigint`.as('orders'), revenuePaise: sql<number>`${dailySales.revenuePaise}`.as('revenue_paise') })
      .from(dailySales)
      .where(rollupDays(dailySales.day, span));
  const tailPart = (label: string, span: SalesSpan) =>
    db
      .select({ label: sql<string>`${label}::text`.as('label'), orders: sql<number>`1::bigint`.as('orders'), revenuePaise: keptPaise.as('revenue_paise') })
      .from(orders)
      .where(tailOrders(span));
  const labelled = Object.entries(spans) as [K, SalesSpan][];
  let parts = rollupPart(...labelled[0]!).$dynamic();
  for (const [index, [label, span]] of labelled.entries()) {
    if (index > 0) parts = parts.unionAll(rollupPart(label, span));
    parts = parts.unionAll(tailPart(label, span));
  }
  const union = parts.as('parts');
  const rows = await db
    .select({
      label: union.label,
      orders: sql<number>`coalesce(sum(${union.orders}), 0)`.mapWith(Number),
      revenuePaise: sql<number>`coalesce(sum(${union.revenuePaise}), 0)`.mapWith(Number),
    })
    .from(union)
    .groupBy(union.label);
  const totals = {} as Record<K, SpentTotals>;
  for (const label of Object.keys(spans) as K[]) {
    const row = rows.find((candidate) => candidate.label === label);
    totals[label] = { orders: row?.orders ?? 0, revenuePaise: row?.revenuePaise ?? 0 };
  }
  return totals;
}

/** Spent orders and revenue per day or week bucket of a span, keyed by the bucket's first shop date. */
export async function spentByBucket(db: Database, span: SalesSpan, bucket: Bucket): Promise<Map<string, SpentTotals>> {
  const fromRollup = db
    .select({ bucket: bucketKey(bucket, sql`${dailySales.day}`).as('bucket'), orders: sql<number>`${dailySales.orders}::bigint`.as('orders'), revenuePaise: sql<number>`${dailySales.revenuePaise}`.as('revenue_paise') })
    .from(dailySales)
    .where(rollupDays(dailySales.day, span));
  const fromOrders = db
    .select({ bucket: bucketKey(bucket, shopTime(orders.createdAt)).as('bucket'), orders: sql<number>`1::bigint`.as('orders'), revenuePaise: keptPaise.as('revenue_paise') })
    .from(orders)
    .where(tailOrders(span));
  const parts = fromRollup.unionAll(fromOrders).as('parts');
  const rows = await db
    .select({ bucket: parts.bucket, orders: sql<number>`sum(${parts.orders})`.mapWith(Number), revenuePaise: sql<number>`sum(${parts.revenuePaise})`.mapWith(Number) })
    .from(parts)
    .groupBy(parts.bucket);
  return new Map(rows.map(({ bucket: key, ...totals }) => [key, totals]));
}

export interface ProductSales {
  productId: number;
  categoryId: string;
  units: number;
  revenuePaise: number;
}

/**
 * Units and line revenue (before basket coupons) per product and the category it was sold under, in a span, less
 * what came back in returns received from the span's orders: a potion sent back is not a potion sold.
 */
export async function productSales(db: Database, span: SalesSpan): Promise<ProductSales[]> {
  const fromRollup = db
    .select({
      productId: sql<number>`${dailyProductSales.productId}`.as('product_id'),
      categoryId: sql<string>`${dailyProductSales.categoryId}`.as('category_id'),
      units: sql<number>`${dailyProductSales.units}::bigint`.as('units'),
      revenuePaise: sql<number>`${dailyProductSales.revenuePaise}`.as('revenue_paise'),
    })
    .from(dailyProductSales)
    .where(rollupDays(dailyProductSales.day, span));
  const fromOrders = db
    .select({
      productId: sql<number>`${orderItems.productId}`.as('product_id'),
      categoryId: sql<string>`${orderItems.categoryId}`.as('category_id'),
      units: sql<number>`${orderItems.quantity}::bigint`.as('units'),
      revenuePaise: sql<number>`${orderItems.lineTotalPaise}::bigint`.as('revenue_paise'),
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(tailOrders(span));
  const parts = fromRollup.unionAll(fromOrders).as('parts');
  const units = sql<number>`sum(${parts.units})`.mapWith(Number);
  const revenuePaise = sql<number>`sum(${parts.revenuePaise})`.mapWith(Number);
  const [sold, returned] = await Promise.all([
    db
      .select({ productId: parts.productId, categoryId: parts.categoryId, units, revenuePaise })
      .from(parts)
      .groupBy(parts.productId, parts.categoryId)
      // Rollup rows of orders later cancelled stay behind at zero; they are not sales.
      .having(sql`sum(${parts.units}) <> 0 or sum(${parts.revenuePaise}) <> 0`),
    returnedSales(db, span),
  ]);
  const back = new Map(returned.map((row) => [salesKey(row), row]));
  return sold
    .map((row) => {
      const less = back.get(salesKey(row));
      return less ? { ...row, units: row.units - less.units, revenuePaise: row.revenuePaise - less.revenuePaise } : row;
    })
    .filter((row) => row.units !== 0 || row.revenuePaise !== 0);
}

/** A product as sold under one category: the rows `productSales` adds up and takes returns off. */
const salesKey = (row: Pick<ProductSales, 'productId' | 'categoryId'>) => `${row.productId}:${row.categoryId}`;

/**
 * What came back in received returns (refunded or awaiting a retried refund) of the orders a span counts: units,
 * and each returned unit's share of its line as priced at checkout, as `productSales` counts lines. Returns are
 * few beside orders, so they are read as rows rather than kept in the rollup; an order cancelled after a return
 * no longer counts as spent, so its lines leave the figures once, with the order.
 */
async function returnedSales(db: Database, span: SalesSpan): Promise<ProductSales[]> {
  const received = await db
    .select({ lines: orderReturns.lines })
    .from(orderReturns)
    .innerJoin(orders, eq(orders.id, orderReturns.orderId))
    .where(and(inArray(orderReturns.status, RETURN_STATUSES_RECEIVED), within(orders.createdAt, shopMidnight(span.firstDay), span.tailTo), countsAsSpentSql));
  const lines = received.flatMap((entry) => entry.lines);
  if (lines.length === 0) return [];
  const items = await db
    .select({ id: orderItems.id, productId: orderItems.productId, categoryId: orderItems.categoryId, quantity: orderItems.quantity, lineTotalPaise: orderItems.lineTotalPaise })
    .from(orderItems)
    .where(inArray(orderItems.id, [...new Set(lines.map((line) => line.orderItemId))]));
  const byId = new Map(items.map((item) => [item.id, item]));
  const totals = new Map<string, ProductSales>();
  for (const line of lines) {
    const item = byId.get(line.orderItemId);
    if (!item) continue;
    const key = salesKey(item);
    const total = totals.get(key) ?? { productId: item.productId, categoryId: item.categoryId, units: 0, revenuePaise: 0 };
    total.units += line.quantity;
    total.revenuePaise += Math.round(unitsShareOfLine(item, line.quantity));
    totals.set(key, total);
  }
  return [...totals.values()];
}
