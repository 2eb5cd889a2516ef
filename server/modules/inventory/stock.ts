import { shelfUnits, type StockUnitsLine } from '../../../domain/sets.ts';
import { linesPerProduct } from '../../../domain/stock.ts';
import type { Database } from '../../db/client.ts';
import { releaseHeldUnits, returnUnits, takeUnitsOfMany, unitsAvailable } from '../products/inventory.ts';
import { recordSales } from '../products/sales-count.ts';

/**
 * How orders and checkouts move stock: whole baskets, in a deadlock-free order, with the shortfalls the order
 * flow reacts to (a coupon's among them, which promotion-uses.ts raises). The rows belong to the products module, which exports the
 * single-row moves used here.
 */
type Executor = Pick<Database, 'update' | 'insert' | 'execute'>;

/** A basket's or an order's line; a set's line carries its components, whose shelves it moves. */
type StockLine = StockUnitsLine;

/**
 * Raised inside a savepoint when a unit or a coupon use is no longer there; the savepoint rolls back. A payment
 * of the wrong amount falls short the same way ('amount'): the order it makes is a refund case.
 */
export class Shortfall extends Error {
  constructor(
    /** 'balance': a gift card or store credit the checkout was to be paid with was spent before a late payment came. */
    readonly reason: 'stock' | 'coupon' | 'amount' | 'balance',
    message: string,
  ) {
    super(message);
  }
}

/**
 * One line per product shelf (its sizes share one inventory; a set's units are its components'), in product
 * order, so two baskets that share products, alone or inside sets, lock their rows in the same order and never
 * deadlock.
 */
function inProductOrder(lines: readonly StockLine[]) {
  return linesPerProduct(shelfUnits(lines)).sort((a, b) => a.productId - b.productId);
}

/** Sales are counted for what the shopper bought: a set's sale is the set's, not its vials'. */
const soldPerProduct = (lines: readonly StockLine[]) => linesPerProduct(lines.map(({ productId, quantity, name }) => ({ productId, quantity, name })));

/** Takes the units; a product that no longer has them is a Shortfall (inside a savepoint, which rolls back). */
export async function takeStock(tx: Executor, lines: readonly StockLine[]): Promise<{ name: string; before: number; after: number }[]> {
  const wanted = inProductOrder(lines);
  const taken = await takeUnitsOfMany(tx, wanted, new Date());
  const short = wanted.find((line) => !taken.has(line.productId));
  if (short) throw new Shortfall('stock', `${short.name} sold out`);
  await recordSales(tx, soldPerProduct(lines), 1);
  return changesOf(wanted, taken);
}

/** Each product's inventory before and after its units were taken, for the low-stock notices and the storefront. */
function changesOf(wanted: readonly { productId: number; quantity: number }[], taken: Map<number, { name: string; inventory: number }>) {
  return wanted.map((line) => {
    const row = taken.get(line.productId)!;
    return { name: row.name, before: row.inventory + line.quantity, after: row.inventory };
  });
}

/** Sold units that came back go on the shelf again, and out of the products' sales. */
export async function returnStock(tx: Executor, lines: readonly StockLine[]): Promise<void> {
  for (const line of inProductOrder(lines)) await returnUnits(tx, line.productId, line.quantity);
  await recordSales(tx, soldPerProduct(lines), -1);
}

/** A product whose units a checkout could not set aside, with what is left of it. */
export class HoldShortfall extends Error {
  constructor(
    readonly productId: number,
    readonly available: number,
  ) {
    super(`Only ${available} of product ${productId} left`);
  }
}

/**
 * Sets a basket's units aside while its customer pays: each product's units (all sizes together) leave the
 * inventory in one conditional update, so what the shop shows and sells is what is not held, and concurrent
 * checkouts can never set aside more than there is.
 */
export async function holdStock(tx: Executor & Pick<Database, 'select'>, lines: readonly StockLine[]): Promise<{ name: string; before: number; after: number }[]> {
  const wanted = inProductOrder(lines);
  const held = await takeUnitsOfMany(tx, wanted, null);
  // The first product in product order that fell short is the one named, as when each was held in turn.
  const short = wanted.find((line) => !held.has(line.productId));
  if (short) throw new HoldShortfall(short.productId, await unitsAvailable(tx, short.productId));
  return changesOf(wanted, held);
}

/**
 * The paid checkout's held units become the order's. They were already out of the inventory, so no product row
 * is touched: the sale is only recorded.
 */
export async function convertHeldStock(tx: Executor, lines: readonly StockLine[]): Promise<void> {
  await recordSales(tx, soldPerProduct(lines), 1);
}

/**
 * A checkout that will not be paid (failed, or its hold expired) gives its units back to the inventory.
 * Returns the products that were sold out and are buyable again, for the back-in-stock e-mails.
 */
export async function releaseHeldStock(tx: Executor, lines: readonly StockLine[]): Promise<number[]> {
  const back: number[] = [];
  for (const line of inProductOrder(lines)) {
    const moved = await releaseHeldUnits(tx, line.productId, line.quantity);
    if (moved && moved.before <= 0 && moved.after > 0) back.push(line.productId);
  }
  return back;
}

