import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { formatPaise, paiseToRupees } from '../../../domain/money.ts';
import type { CreatePaymentOrderBody, CreatePaymentOrderResponse, PaymentConfirmation } from '../../../contracts/payments.ts';
import type { FieldError } from '../../../contracts/api.ts';
import type { Database } from '../../db/client.ts';
import { checkouts, type SnapshotLine } from '../../db/schema/index.ts';
import { HttpError } from '../../http/errors.ts';
import type { PaymentProvider } from '../../payments/payment-provider.ts';
import { priceCart, type PricedCart } from '../cart/cart-pricing.ts';
import type { FestivalService } from '../festivals/festival-service.ts';
import type { Fulfilment, PaymentFulfilment } from './payment-fulfilment.ts';
import { askProvider } from './provider-calls.ts';

/** Razorpay refuses orders under ₹1. */
export const MINIMUM_ORDER_PAISE = 100;

/** Why a priced basket cannot be paid for, as field errors the checkout can show against its lines. */
function basketProblems(priced: PricedCart): { status: number; errors: FieldError[] } | null {
  const errors: FieldError[] = [];
  let status = 400;
  priced.lines.forEach((line, index) => {
    if (line.problem === 'unknown-product') errors.push({ field: `items.${index}.productId`, message: `Product ${line.productId} is not sold here` });
    else if (line.problem === 'unknown-size') errors.push({ field: `items.${index}.size`, message: `${line.name} does not come in ${line.size}` });
    else if (line.problem === 'out-of-stock' || line.problem === 'insufficient-stock') {
      status = errors.length ? status : 409;
      errors.push({
        field: `items.${index}.quantity`,
        message: line.availableQuantity > 0 && line.problem === 'insufficient-stock' ? `Only ${line.availableQuantity} of ${line.name} left` : `${line.name} is sold out`,
      });
    }
  });
  return errors.length ? { status, errors } : null;
}

function snapshotLines(priced: PricedCart): SnapshotLine[] {
  return priced.lines.map((line) => ({
    productId: line.productId,
    name: line.name!,
    slug: line.slug!,
    categoryId: line.categoryId!,
    size: line.size,
    quantity: line.quantity,
    unitPricePaise: line.unitPricePaise,
    lineTotalPaise: line.lineTotalPaise,
    image: line.image,
  }));
}

/**
 * The two calls of the browser's checkout: make a payment order for a basket the server prices itself, and
 * turn a payment the provider signed into an order.
 */
export class CheckoutService {
  constructor(
    private readonly db: Database,
    private readonly festivals: FestivalService,
    private readonly provider: PaymentProvider,
    private readonly fulfilment: PaymentFulfilment,
    private readonly clock: () => Date,
  ) {}

  async createPaymentOrder(userId: string, body: CreatePaymentOrderBody): Promise<CreatePaymentOrderResponse> {
    const priced = await priceCart(this.db, this.festivals, body.items, body.couponCode, this.clock(), userId);
    const problems = basketProblems(priced);
    if (problems) throw new HttpError(problems.status, problems.errors[0]!.message, problems.errors);
    if (priced.coupon && !priced.coupon.ok) {
      throw new HttpError(400, priced.coupon.message, [{ field: 'couponCode', message: priced.coupon.message }]);
    }
    if (priced.totalPaise < MINIMUM_ORDER_PAISE) {
      const message = `The order total must be at least ${formatPaise(MINIMUM_ORDER_PAISE)}`;
      throw new HttpError(400, message, [{ field: 'items', message }]);
    }

    const checkoutId = randomUUID();
    const providerOrder = await askProvider('Failed to create payment order', () =>
      this.provider.createOrder({ amountPaise: priced.totalPaise, receipt: checkoutId, notes: { checkoutId } }),
    );
    const coupon = priced.coupon?.ok ? priced.coupon : null;
    await this.db.insert(checkouts).values({
      id: checkoutId,
      userId,
      provider: this.provider.name,
      providerOrderId: providerOrder.id,
      amountPaise: priced.totalPaise,
      subtotalPaise: priced.subtotalPaise,
      discountPaise: priced.discountPaise,
      lines: snapshotLines(priced),
      coupon: coupon
        ? {
            festivalId: coupon.festival?.id ?? null,
            personalCouponId: coupon.personalCouponId ?? null,
            code: coupon.coupon.code,
            name: coupon.coupon.name,
            couponType: coupon.coupon.couponType,
            discountPaise: priced.discountPaise,
          }
        : null,
      customer: body.customerInfo,
      shippingAddress: body.shippingAddress,
      createdAt: this.clock(),
      updatedAt: this.clock(),
    });
    return {
      success: true,
      razorpayOrder: providerOrder,
      key: this.provider.keyId,
      provider: this.provider.name,
      amount: paiseToRupees(priced.totalPaise),
      activeOffers: [],
    };
  }

  /**
   * Checks the signature against the order id stored on our server (the browser's copy is only used to find
   * it) and only then writes anything.
   */
  async confirmPayment(userId: string, confirmation: PaymentConfirmation): Promise<Fulfilment> {
    const checkout = await this.ownCheckout(userId, confirmation.razorpay_order_id);
    const valid = this.provider.isValidPayment({ orderId: checkout.providerOrderId, paymentId: confirmation.razorpay_payment_id, signature: confirmation.razorpay_signature });
    if (!valid) throw new HttpError(400, 'Payment verification failed: the payment signature does not match', [{ field: 'razorpay_signature', message: 'Invalid payment signature' }]);
    const fulfilment = await this.fulfilment.fulfil(checkout.providerOrderId, confirmation.razorpay_payment_id);
    if (!fulfilment) throw new HttpError(400, 'Payment verification failed');
    return fulfilment;
  }

  /** The caller's own checkout; anyone else's reads as unknown. */
  async ownCheckout(userId: string, providerOrderId: string) {
    const [checkout] = await this.db.select().from(checkouts).where(eq(checkouts.providerOrderId, providerOrderId));
    if (!checkout || checkout.userId !== userId) {
      throw new HttpError(400, 'Payment verification failed: unknown payment order', [{ field: 'razorpay_order_id', message: 'Unknown payment order' }]);
    }
    return checkout;
  }
}
