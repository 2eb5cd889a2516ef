import { partsPaise } from '../../../domain/bill.ts';
import { deliveryDayMoment } from '../../../domain/delivery-promise.ts';
import { normalisePin } from '../../../domain/india-states.ts';
import { firstOrderNumberAttempt, FOUR_DIGIT_DRAWS, orderNumber, orderNumberDigits, shopDate } from '../../../domain/orders.ts';
import { onlinePaymentMethod } from '../../../domain/payment-methods.ts';
import { orderItems, orders, type checkouts } from '../../db/schema/index.ts';
import type { Transaction } from '../../jobs/sql-executor.ts';
import type { ShippingService } from '../shipping/shipping-service.ts';

type CheckoutRow = typeof checkouts.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** A line's tax columns, as its invoice fixes them. */
export type LineTaxColumns = Pick<typeof orderItems.$inferInsert, 'hsnCode' | 'gstRateBp' | 'discountPaise' | 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise'>;

/**
 * The tax split the order's invoice gives its lines at `at`, in their order (the invoices module's): an order
 * paid in the transaction that places it has its lines written whole, instead of written and then updated.
 */
export type SplitLineTaxes = (tx: Transaction, order: OrderRow, lines: readonly Pick<typeof orderItems.$inferSelect, 'productId' | 'size' | 'lineTotalPaise' | 'gift'>[], at: Date) => Promise<LineTaxColumns[]>;

/**
 * Something else the shop does when an order counts as spent, in that event's transaction (achievements, rewards):
 * a cash-on-delivery order's collection.
 */
export type OrderSpentHook = (tx: Transaction, order: typeof orders.$inferSelect) => Promise<void>;

/**
 * Something else the shop does when an order is born, in the order's own transaction (achievements, rewards).
 * Called before the order is marked paid, which it will be when the transaction commits: count it as spent.
 * `checkout` is the row the order was made from, so a hook that concerns only some checkouts (gift cards bought,
 * balances spent) sees at once whether this is one of them, without a statement of its own.
 */
export type OrderCreatedHook = (tx: Transaction, order: typeof orders.$inferSelect, checkout: CheckoutRow) => Promise<void>;

/**
 * Marks a customer's personal reward coupon used by an order, in the order's transaction; false when another
 * checkout used it first. Given by the module that owns reward coupons (profile), so orders does not import it.
 */
export type RedeemPersonalCoupon = (tx: Transaction, couponId: string, orderId: string) => Promise<boolean>;

/**
 * How the order is paid: online, with the provider's payment id and the way of paying it reported (Razorpay's
 * payment.method, kept for the receipt); or in cash on delivery, to be confirmed by the customer by `confirmBy`.
 * `invoicedNow`: nothing can stop the order becoming paid (and so invoiced) in this transaction, so its lines are
 * written with the invoice's tax split, worked out at the moment the order is placed.
 */
export type OrderPayment = { kind: 'prepaid'; paymentId: string; reportedMethod?: string | null; invoicedNow?: boolean } | { kind: 'cod'; confirmBy: Date };

export interface PlacedOrder {
  order: typeof orders.$inferSelect;
  /** The order's lines in the checkout's order. */
  lines: (typeof orderItems.$inferSelect)[];
}

/** Writes a checkout's order: the one way an order is made, for prepaid and cash-on-delivery checkouts alike. */
export type PlaceOrder = (tx: Transaction, checkout: CheckoutRow, payment: OrderPayment) => Promise<PlacedOrder>;

export interface OrderPlacementDeps {
  clock: () => Date;
  shipping: Pick<ShippingService, 'termsFor'>;
  /** The invoice's tax split of the lines, for orders paid as they are placed. */
  splitLineTaxes?: SplitLineTaxes;
}

const ORDER_NUMBER_ATTEMPTS = 10;

/** The payment's columns of the order. */
function paymentColumns(checkout: CheckoutRow, payment: OrderPayment): Pick<typeof orders.$inferInsert, 'providerPaymentId' | 'paymentMethod' | 'codConfirmBy'> {
  if (payment.kind === 'cod') return { paymentMethod: 'cod', providerPaymentId: null, codConfirmBy: payment.confirmBy };
  return { providerPaymentId: payment.paymentId, paymentMethod: onlinePaymentMethod(checkout.provider, payment.reportedMethod) };
}

/**
 * The order is written with the payment still 'pending'; the caller's lifecycle event then marks it paid (or
 * placed for cash on delivery) or turns it into a refund case. Only that last write makes the order count in the
 * daily sales rollup, whose triggers lock the day's rollup rows: taking them after the stock rows, as an admin's
 * cancel or reopen does, means the two never wait on each other in a cycle.
 * The order's bill is the checkout's, as priced, with its adjustments and charges.
 */
export function orderPlacement({ clock, shipping, splitLineTaxes }: OrderPlacementDeps): PlaceOrder {
  /** The last shop day whose four-digit numbers an order found all taken: its later orders draw six digits at once. */
  let crowdedDay: string | null = null;
  return async function placeOrder(tx, checkout, payment) {
    const placedAt = clock();
    const day = shopDate(placedAt);
    // The day promised at checkout, from the zone of the address's PIN as it stands when the order is placed. Gift
    // cards alone go by e-mail, each on its own day: no address, no promise (decision 0083).
    const address = checkout.shippingAddress;
    const deliveryDay = address ? (await shipping.termsFor(normalisePin(address.zipCode) ?? address.zipCode, placedAt, tx)).deliveryDay : null;
    for (let attempt = firstOrderNumberAttempt(day, crowdedDay); ; attempt += 1) {
      // A number another order has already drawn writes nothing (rather than aborting the transaction), and
      // another is drawn; any other clash (this checkout's order made meanwhile) still fails the write.
      const [order] = await tx
        .insert(orders)
        .values({
          orderNumber: orderNumber(placedAt, Math.random(), orderNumberDigits(attempt)),
          userId: checkout.userId,
          checkoutId: checkout.id,
          paymentMethod: 'card',
          paymentProvider: checkout.provider,
          providerOrderId: checkout.providerOrderId,
          ...paymentColumns(checkout, payment),
          subtotalPaise: checkout.subtotalPaise,
          discountPaise: checkout.discountPaise,
          adjustments: checkout.adjustments,
          charges: checkout.charges,
          chargesPaise: partsPaise(checkout.charges),
          shippingPaise: 0,
          totalPaise: checkout.amountPaise,
          balancesPaise: checkout.balancesPaise,
          vouchersPaise: checkout.vouchersPaise,
          festivalId: checkout.coupon?.festivalId ?? null,
          coupon: checkout.coupon,
          customerName: checkout.customer.name,
          customerEmail: checkout.customer.email,
          customerPhone: checkout.customer.phone,
          shippingAddress: checkout.shippingAddress,
          buyerGstin: checkout.buyerGstin,
          buyerLegalName: checkout.buyerLegalName,
          gift: checkout.gift,
          estimatedDelivery: deliveryDay ? deliveryDayMoment(deliveryDay) : null,
          createdAt: placedAt,
          updatedAt: placedAt,
        })
        .onConflictDoNothing({ target: orders.orderNumber })
        .returning();
      if (!order) {
        if (attempt === FOUR_DIGIT_DRAWS) crowdedDay = day;
        if (attempt >= ORDER_NUMBER_ATTEMPTS) throw new Error(`No free order number after ${ORDER_NUMBER_ATTEMPTS} attempts`);
        continue;
      }
      const values = checkout.lines.map((line) => ({
        orderId: order.id,
        productId: line.productId,
        name: line.name,
        slug: line.slug,
        categoryId: line.categoryId,
        size: line.size,
        quantity: line.quantity,
        unitPricePaise: line.unitPricePaise,
        lineTotalPaise: line.lineTotalPaise,
        image: line.image,
        gift: line.gift ?? false,
        components: line.components ?? null,
      }));
      if (values.length === 0) return { order, lines: [] };
      const taxes = payment.kind === 'prepaid' && payment.invoicedNow && splitLineTaxes ? await splitLineTaxes(tx, order, values, placedAt) : null;
      const lines = await tx
        .insert(orderItems)
        .values(values.map((line, index) => ({ ...line, ...taxes?.[index] })))
        .returning();
      return { order, lines: lines.sort((a, b) => a.id - b.id) };
    }
  };
}
