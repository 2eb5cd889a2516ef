import { and, isNull, sql } from 'drizzle-orm';
import { billOf, billPartDto, billTotals, withAdjustment, type Bill, type BillLine } from '../../../domain/bill.ts';
import { DEFAULT_GST_RATE_BP, includedGstPaise, rateOn } from '../../../domain/gst.ts';
import { shopDate } from '../../../domain/orders.ts';
import { couponLabel } from '../../../domain/coupons.ts';
import { cartIdOf } from '../../../domain/cart.ts';
import { resolveImages, resolveSizes, unitPricePaise } from '../../../domain/catalogue.ts';
import { paiseToRupees } from '../../../domain/money.ts';
import { linesThatFit, setsAvailable, type SetComponent } from '../../../domain/sets.ts';
import type { CartItemInput, CartQuote, LineProblem } from '../../../contracts/cart.ts';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';
import type { CouponCheck, FestivalService } from '../festivals/festival-service.ts';
import { basketSets } from '../products/set-contents.ts';

export interface PricedLine {
  productId: number;
  size: string;
  quantity: number;
  name: string | null;
  slug: string | null;
  categoryId: string | null;
  image: string | null;
  unitPricePaise: number;
  lineTotalPaise: number;
  inStock: boolean;
  availableQuantity: number;
  problem: LineProblem | null;
  /** A set's contents now, whose shelves its sale takes units from; null for a potion. */
  components: SetComponent[] | null;
}

export interface PricedCart {
  lines: PricedLine[];
  /** The bill of the lines that can be bought, keyed by `productId-size`, with the coupon taken off. */
  bill: Bill;
  /** Each bill line's GST rate today, so the GST inside a quote (with a fee, for COD) is split as its invoice will be. */
  rateOf: (line: BillLine) => number;
  subtotalPaise: number;
  discountPaise: number;
  totalPaise: number;
  coupon: CouponCheck | null;
  purchasable: boolean;
}

/** The same product and size sent twice counts as one line, so stock is checked against the whole quantity. */
function mergeItems(items: readonly CartItemInput[]): CartItemInput[] {
  const merged = new Map<string, CartItemInput>();
  for (const item of items) {
    const key = cartIdOf(item.productId, item.size);
    const existing = merged.get(key);
    merged.set(key, existing ? { ...existing, quantity: existing.quantity + item.quantity } : { ...item });
  }
  return [...merged.values()];
}

const preparedReads = new WeakMap<Database, ReturnType<typeof prepareProductsWithSizes>>();

function prepareProductsWithSizes(db: Database) {
  return db.query.products
    .findMany({
      where: and(sql`${products.id} = any(${sql.placeholder('ids')}::integer[])`, isNull(products.archivedAt)),
      with: { sizes: { orderBy: (sizes, { asc }) => [asc(sizes.position), asc(sizes.id)] } },
    })
    .prepare('cart_products_with_sizes');
}

/**
 * The basket's live products with their sizes: every quote and payment order asks, so the query is built once
 * per database (drizzle's relational builder costs about a millisecond a call) and prepared.
 */
function productsWithSizes(db: Database) {
  let prepared = preparedReads.get(db);
  if (!prepared) preparedReads.set(db, (prepared = prepareProductsWithSizes(db)));
  return prepared;
}

/**
 * Prices a cart from the database alone: the client sends product ids, sizes, quantities and a coupon code,
 * never a price. The quote, and later checkout, use this one function.
 */
export async function priceCart(
  db: Database,
  festivalService: FestivalService,
  items: readonly CartItemInput[],
  couponCode: string | undefined,
  now: Date,
  /** The signed-in customer, whose personal coupons apply. */
  userId?: string | null,
): Promise<PricedCart> {
  const wanted = mergeItems(items);
  const ids = [...new Set(wanted.map((item) => item.productId))];
  const [rows, sets] = await Promise.all([ids.length ? productsWithSizes(db).execute({ ids }) : [], basketSets(db, ids)]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const unitsLeft = (productId: number) => (sets.componentUnits.has(productId) ? sets.componentUnits.get(productId)! : (byId.get(productId)?.inventory ?? null));
  // Sizes share one inventory, and a set takes its components' units: a line is short when it and the earlier
  // lines ask more of a shelf than there is.
  const fits = linesThatFit(
    wanted.map((item) => ({ ...item, components: sets.componentsOf.get(item.productId) ?? null })),
    unitsLeft,
  );

  const lines = wanted.map((item, index): PricedLine => {
    const row = byId.get(item.productId);
    if (!row) {
      return { ...item, name: null, slug: null, categoryId: null, image: null, unitPricePaise: 0, lineTotalPaise: 0, inStock: false, availableQuantity: 0, problem: 'unknown-product', components: null };
    }
    const components = sets.componentsOf.get(row.id) ?? null;
    const available = components ? setsAvailable(components, unitsLeft) : row.inventory;
    const inStock = components ? available > 0 : (row.inStock ?? row.inventory > 0);
    const sizes = resolveSizes({ sizes: row.sizes, pricePaise: row.pricePaise, inStock });
    const size = sizes.find((entry) => entry.size === item.size);
    const unit = size ? unitPricePaise({ pricePaise: row.pricePaise, sizes }, item.size) : 0;
    let problem: LineProblem | null = null;
    if (!size) problem = 'unknown-size';
    else if (!inStock || !size.inStock) problem = 'out-of-stock';
    else if (!fits[index]) problem = 'insufficient-stock';
    return {
      ...item,
      name: row.name,
      slug: row.slug,
      categoryId: row.categoryId,
      image: resolveImages(row).mainImage,
      unitPricePaise: unit,
      lineTotalPaise: unit * item.quantity,
      inStock: inStock && Boolean(size?.inStock),
      availableQuantity: available,
      problem,
      components,
    };
  });

  // Only lines that can be bought count towards the total that a coupon and checkout see.
  let bill = billOf(lines.filter((line) => line.problem === null).map((line) => ({ key: cartIdOf(line.productId, line.size), amountPaise: line.lineTotalPaise })));
  const coupon = couponCode ? await festivalService.checkCoupon(couponCode, billTotals(bill).subtotalPaise, now, userId) : null;
  if (coupon?.ok) bill = withAdjustment(bill, { kind: 'coupon', label: couponLabel(coupon.coupon.code), code: coupon.coupon.code, amountPaise: coupon.discountPaise });
  const totals = billTotals(bill);
  // Each line at its product's rate on today's shop date, as the invoice will tax it.
  const today = shopDate(now);
  const rates = new Map(lines.map((line) => [cartIdOf(line.productId, line.size), byId.has(line.productId) ? rateOn(byId.get(line.productId)!, today) : DEFAULT_GST_RATE_BP]));
  const rateOf = (line: BillLine) => rates.get(line.key) ?? DEFAULT_GST_RATE_BP;
  return {
    lines,
    bill,
    rateOf,
    subtotalPaise: totals.subtotalPaise,
    discountPaise: totals.adjustmentsPaise,
    totalPaise: totals.totalPaise,
    coupon,
    purchasable: lines.length > 0 && lines.every((line) => line.problem === null),
  };
}

export function toCartQuote(priced: PricedCart): Omit<CartQuote, 'giftWrapPrice'> {
  return {
    success: true,
    lines: priced.lines.map((line) => ({
      productId: line.productId,
      size: line.size,
      quantity: line.quantity,
      name: line.name,
      slug: line.slug,
      image: line.image,
      unitPrice: paiseToRupees(line.unitPricePaise),
      lineTotal: paiseToRupees(line.lineTotalPaise),
      inStock: line.inStock,
      availableQuantity: line.availableQuantity,
      problem: line.problem,
    })),
    itemCount: priced.lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal: paiseToRupees(priced.subtotalPaise),
    discount: paiseToRupees(priced.discountPaise),
    shipping: 0,
    total: paiseToRupees(priced.totalPaise),
    coupon: priced.coupon?.ok ? priced.coupon.coupon : null,
    adjustments: priced.bill.adjustments.map(billPartDto),
    charges: priced.bill.charges.map(billPartDto),
    // Only the quote shows it: payment orders and COD placements, which price through here too, never split it.
    includedGst: paiseToRupees(includedGstPaise(priced.bill, priced.rateOf)),
    couponMessage: priced.coupon && !priced.coupon.ok ? priced.coupon.message : null,
    purchasable: priced.purchasable,
  };
}
