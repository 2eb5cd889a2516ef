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
import type { AppliedCouponDto } from '../../../contracts/festivals.ts';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';
import { festivalCouponCheck, type CouponCheck, type FestivalService } from '../promotions/festival-service.ts';
import { checkPersonalCoupon } from '../promotions/personal-coupon-check.ts';
import { codeRefusalMessage, evaluatePromotions, type PromotionOutcome } from '../../../domain/promotions/evaluate.ts';
import { giftKeyOf, type GiftItem, type GiftLine, type OfferLine, type Promotion } from '../../../domain/promotions/promotion.ts';
import { normaliseCouponCode } from '../../../domain/coupons.ts';
import { giftProductIds, needsShopper, type PromotionService } from '../promotions/promotion-service.ts';

/** Everything that can take money off a basket: the promotions, festivals' coupons among them, and personal coupons. */
export interface Offers {
  festivals: FestivalService;
  promotions: PromotionService;
}
import { basketSetsOf, setPartsSql } from '../products/set-contents.ts';

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

export interface PricedGift extends GiftLine {
  slug: string;
  image: string | null;
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
  /** The promotion whose code the shopper typed, when it took effect (its code stands where a coupon's would). */
  codePromotion: Promotion | null;
  /** Free gifts the promotions added: lines of their own, at their price with all of it taken off. */
  gifts: PricedGift[];
  /** The promotions that took effect: their uses are taken with the checkout. */
  promotions: Promotion[];
  /** The promotion that waives the Cash on Delivery fee, if one does. */
  codFeeWaivedBy: PromotionOutcome['codFeeWaivedBy'];
  /** The nearest automatic offer not reached yet ('Add ₹350 more for a free Moon Dust (2ml)'). */
  nextOffer: PromotionOutcome['next'];
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
      // A set's components and their shelves come in the same statement: no second query per basket.
      extras: { setParts: setPartsSql.as('set_parts') },
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
  offers: Offers,
  items: readonly CartItemInput[],
  couponCode: string | undefined,
  now: Date,
  /** The signed-in customer, whose personal coupons apply. */
  userId?: string | null,
  options: {
    /** The Cash on Delivery fee the basket would pay, so an offer waiving it is weighed by what it saves. */
    codFeePaise?: number;
    /** Price against these promotions instead of the live ones (the back office's preview of an unsaved one). */
    promotions?: readonly Promotion[];
  } = {},
): Promise<PricedCart> {
  const wanted = mergeItems(items);
  // A basket of nothing (gift cards bought alone, decision 0083) takes no offer: none may add a free potion to it.
  const live = wanted.length === 0 ? [] : (options.promotions ?? (await offers.promotions.current(now)));
  // The gifts live promotions give are read with the basket's own potions, in the same query.
  const ids = [...new Set([...wanted.map((item) => item.productId), ...giftProductIds(live)])];
  const rows = ids.length ? await productsWithSizes(db).execute({ ids }) : [];
  const sets = basketSetsOf(rows.flatMap((row) => row.setParts));
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

  // Only lines that can be bought count towards the total that offers, a coupon and checkout see.
  const bought = lines.filter((line) => line.problem === null);
  const basket: OfferLine[] = bought.map((line) => ({
    key: cartIdOf(line.productId, line.size),
    productId: line.productId,
    categoryId: line.categoryId!,
    size: line.size,
    quantity: line.quantity,
    unitPricePaise: line.unitPricePaise,
  }));
  const code = couponCode ? normaliseCouponCode(couponCode) : null;
  const shopper = userId && needsShopper(live) ? await offers.promotions.shopper(userId) : null;
  const context = { now, shopper, code, gifts: giftItems(live, byId, (productId) => sets.componentsOf.has(productId)), codFeePaise: options.codFeePaise ?? 0 };
  const outcome = evaluatePromotions(billOf(basket.map((line) => ({ key: line.key, amountPaise: line.unitPricePaise * line.quantity }))), { lines: basket }, live, context);
  let bill = outcome.bill;
  // A code is a promotion's when a live one has it; otherwise a festival's or a personal one, which comes after
  // the promotions, on what the goods still cost.
  const promotionOfCode = code === null ? undefined : live.find((promotion) => promotion.code === code);
  let coupon: CouponCheck | null = null;
  if (promotionOfCode && !outcome.applied.includes(promotionOfCode)) {
    coupon = { ok: false, status: 422, message: codeRefusalMessage(promotionOfCode, outcome.applied, { lines: basket }, context) };
  } else if (code !== null && !promotionOfCode) {
    const festivalCoupon = await offers.festivals.couponOf(code);
    if (festivalCoupon) {
      // The festival's coupon is a promotion too, priced by the engine on the bill the others left (decision 78).
      ({ check: coupon, bill } = festivalCouponCheck(festivalCoupon, bill, { lines: basket }, now));
    } else {
      const sofar = billTotals(bill);
      coupon = await checkPersonalCoupon(db, code, sofar.subtotalPaise - sofar.adjustmentsPaise, userId ?? null);
      if (coupon.ok) bill = withAdjustment(bill, { kind: 'coupon', label: couponLabel(coupon.coupon.code), code: coupon.coupon.code, amountPaise: coupon.discountPaise });
    }
  }
  const totals = billTotals(bill);
  // Each line at its product's rate on today's shop date, as the invoice will tax it.
  const today = shopDate(now);
  const rates = new Map(
    [...basket, ...outcome.gifts].map((line) => [line.key, byId.has(line.productId) ? rateOn(byId.get(line.productId)!, today) : DEFAULT_GST_RATE_BP]),
  );
  const rateOf = (line: BillLine) => rates.get(line.key) ?? DEFAULT_GST_RATE_BP;
  return {
    lines,
    bill,
    rateOf,
    subtotalPaise: totals.subtotalPaise,
    discountPaise: totals.adjustmentsPaise,
    totalPaise: totals.totalPaise,
    coupon,
    codePromotion: promotionOfCode && outcome.applied.includes(promotionOfCode) ? promotionOfCode : null,
    gifts: outcome.gifts.map((gift) => ({ ...gift, slug: byId.get(gift.productId)!.slug, image: resolveImages(byId.get(gift.productId)!).mainImage })),
    // A festival's coupon is a promotion whose use the checkout takes with the others'.
    promotions: coupon?.ok && coupon.promotion ? [...outcome.applied, coupon.promotion] : outcome.applied,
    codFeeWaivedBy: outcome.codFeeWaivedBy,
    nextOffer: outcome.next,
    purchasable: lines.length > 0 && lines.every((line) => line.problem === null),
  };
}

type ProductWithSizes = Awaited<ReturnType<ReturnType<typeof prepareProductsWithSizes>['execute']>>[number];

/** The gifts the promotions name, as the catalogue has them now; an archived, unknown or sold-out size gives none. */
function giftItems(live: readonly Promotion[], byId: ReadonlyMap<number, ProductWithSizes>, isSet: (productId: number) => boolean): Map<string, GiftItem> {
  const gifts = new Map<string, GiftItem>();
  for (const promotion of live) {
    for (const action of promotion.actions) {
      if (action.type !== 'free-gift') continue;
      const row = byId.get(action.productId);
      // A set is never given: its stock is its components' (the back office refuses one as a gift too).
      if (!row || isSet(row.id)) continue;
      const inStock = row.inStock ?? row.inventory > 0;
      const sizes = resolveSizes({ sizes: row.sizes, pricePaise: row.pricePaise, inStock });
      const size = sizes.find((entry) => entry.size === action.size);
      if (!size?.inStock) continue;
      gifts.set(giftKeyOf(row.id, action.size), {
        productId: row.id,
        size: action.size,
        name: row.name,
        categoryId: row.categoryId,
        unitPricePaise: unitPricePaise({ pricePaise: row.pricePaise, sizes }, action.size),
        available: row.inventory,
      });
    }
  }
  return gifts;
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
    coupon: priced.coupon?.ok ? priced.coupon.coupon : priced.codePromotion ? codeOfferDto(priced.codePromotion, priced.bill) : null,
    adjustments: priced.bill.adjustments.map(billPartDto),
    charges: priced.bill.charges.map(billPartDto),
    // Only the quote shows it: payment orders and COD placements, which price through here too, never split it.
    includedGst: paiseToRupees(includedGstPaise(priced.bill, priced.rateOf)),
    couponMessage: priced.coupon && !priced.coupon.ok ? priced.coupon.message : null,
    gifts: priced.gifts.map((gift) => ({ productId: gift.productId, size: gift.size, quantity: gift.quantity, name: gift.name, image: gift.image, label: gift.label })),
    nextOffer: priced.nextOffer?.message ?? null,
    purchasable: priced.purchasable,
  };
}

/**
 * A promotion's code as the cart holds an applied code: its name, and what it takes off this bill. Its terms are
 * the promotion's rules, which only the server weighs, so the cart reckons nothing from them (a fixed ₹0 with no
 * minimum) and shows the server's bill instead.
 */
export function codeOfferDto(promotion: Promotion, bill: Bill): AppliedCouponDto {
  const takenPaise = bill.adjustments.filter((adjustment) => adjustment.promotionId === promotion.id).reduce((sum, adjustment) => sum + adjustment.amountPaise, 0);
  return {
    code: promotion.code ?? '',
    name: promotion.name,
    discountAmount: paiseToRupees(takenPaise),
    discountPercentage: 0,
    couponType: 'fixed',
    minimumOrderAmount: 0,
    maxDiscountAmount: null,
    kind: 'offer',
  };
}
