import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createPaymentOrderBodySchema,
  createPaymentOrderResponseSchema,
  paymentConfirmationSchema,
  releaseHoldBodySchema,
  releaseHoldResponseSchema,
  type ReleaseHoldResponse,
  sandboxPayBodySchema,
  sandboxPayResponseSchema,
  verifyPaymentResponseSchema,
  webhookResponseSchema,
  type SandboxPayResponse,
} from '../../../contracts/payments.ts';
import type { KeyLimit } from '../../http/address-limit.ts';
import { requireCustomer } from '../accounts/auth-plugin.ts';
import { razorpayStyleId, type SandboxProvider } from '../../payments/sandbox-provider.ts';
import type { OrderSources } from '../analytics/order-sources.ts';
import type { CheckoutService } from '../checkout/checkout-service.ts';
import type { OrderService } from '../orders/order-service.ts';
import type { PaymentFulfilment } from './payment-fulfilment.ts';
import type { PaymentWebhooks } from './payment-webhooks.ts';

const REFUND_MESSAGES = {
  stock: 'Your payment was received, but an item in your order sold out while you were paying. The order has been cancelled and a full refund has been started.',
  coupon: 'Your payment was received, but the coupon ran out while you were paying. The order has been cancelled and a full refund has been started.',
  amount: 'Your payment was received, but its amount did not match the order. The order has been cancelled and a full refund has been started.',
  balance: 'Your payment was received, but a gift card or store credit it was to be paid with was spent meanwhile. The order has been cancelled and a full refund has been started.',
} as const;

export interface PaymentRouteDeps {
  checkout: CheckoutService;
  orders: OrderService;
  fulfilment: PaymentFulfilment;
  webhooks: PaymentWebhooks;
  /** Present only while the sandbox stands in for Razorpay; its test-payment route exists only then. */
  sandbox?: SandboxProvider;
  /** Payment orders one customer may open per PAYMENT_ORDER_WINDOW_MS, counted in the database. */
  paymentOrderLimit: KeyLimit;
  /** Gift card codes one account and one address may try (server/modules/balances). */
  giftCardTries?: (userId: string, address: string) => Promise<void>;
  /** Keeps the campaign or site that brought the checkout, from the browser's touch cookie. */
  orderSources?: Pick<OrderSources, 'recordPaymentOrder'>;
}

export const PAYMENT_ORDER_WINDOW_MS = 10 * 60 * 1000;

export const paymentRoutes =
  (deps: PaymentRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Every payment order is a call to Razorpay and a stored checkout, so one account gets an allowance that a
    // shopper retrying a declined card never reaches, counted per customer after sign-in and the body are checked.
    const perCustomer = async (request: { user?: { id: string } | null }) => deps.paymentOrderLimit(request.user!.id);
    // Trying gift card codes counts against the code-guessing limits, per account and per address.
    const limits = async (request: { user?: { id: string } | null; ip: string; body: { giftCardCodes?: string[] } }) => {
      await perCustomer(request);
      if (request.body.giftCardCodes?.length && deps.giftCardTries) await deps.giftCardTries(request.user!.id, request.ip);
    };
    app.post('/payments/razorpay/create-payment-order', { onRequest: requireCustomer, schema: { body: createPaymentOrderBodySchema, response: { 200: createPaymentOrderResponseSchema } }, preHandler: limits }, async (request) => {
      const { placedOrderId, ...response } = await deps.checkout.createPaymentOrder(request.user!.id, request.body);
      // Where the shopper came from is never worth a failed checkout: a failure to note it is logged and passed over.
      await deps.orderSources?.recordPaymentOrder(response.razorpayOrder.id, request.headers).catch((error: unknown) => request.log.warn({ err: error }, 'order sources not recorded'));
      // Paid wholly by gift cards and store credit: the order is placed already, and comes back with the answer.
      return placedOrderId ? { ...response, order: await deps.orders.findFor(request.user!, placedOrderId) } : response;
    });

    app.post('/payments/razorpay/verify-and-create-order', { onRequest: requireCustomer, schema: { body: paymentConfirmationSchema, response: { 200: verifyPaymentResponseSchema } } }, async (request) => {
      const result = await deps.checkout.confirmPayment(request.user!.id, request.body);
      const order = await deps.orders.findFor(request.user!, result.orderId);
      const message = order.paymentStatus === 'refund_pending' ? REFUND_MESSAGES[result.refundReason ?? 'stock'] : 'Payment verified and order placed';
      return { success: true as const, message, order };
    });

    app.post('/payments/razorpay/release-hold', { onRequest: requireCustomer, schema: { body: releaseHoldBodySchema, response: { 200: releaseHoldResponseSchema } } }, async (request): Promise<ReleaseHoldResponse> => ({
      success: true,
      released: await deps.checkout.releaseHold(request.user!.id, request.body.razorpay_order_id),
    }));

    if (deps.sandbox) {
      const sandbox = deps.sandbox;
      app.post('/payments/sandbox/pay', { onRequest: requireCustomer, schema: { body: sandboxPayBodySchema, response: { 200: sandboxPayResponseSchema } } }, async (request): Promise<SandboxPayResponse> => {
        const checkout = await deps.checkout.ownCheckout(request.user!.id, request.body.razorpay_order_id);
        if (request.body.outcome === 'success') return { success: true, ...sandbox.pay(checkout.providerOrderId) };
        const description = 'Your payment was declined by the bank (sandbox test failure).';
        await deps.fulfilment.recordFailure(checkout.providerOrderId, description);
        return {
          success: false,
          error: {
            code: 'BAD_REQUEST_ERROR',
            description,
            source: 'bank',
            step: 'payment_authorization',
            reason: 'payment_failed',
            metadata: { order_id: checkout.providerOrderId, payment_id: razorpayStyleId('pay') },
          },
        };
      });
    }

    // Razorpay signs the exact bytes it sent, so this route reads the body raw and parses it itself.
    await app.register(async (webhook) => {
      webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      webhook.post('/payments/razorpay/webhook', {
          schema: {
            description: "Razorpay's signed event, read as raw bytes: `x-razorpay-signature` must be the HMAC of the exact body with the webhook secret.",
            response: { 200: webhookResponseSchema },
          },
        }, async (request) => {
        const header = (name: string) => {
          const value = request.headers[name];
          return Array.isArray(value) ? value[0] : value;
        };
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
        const outcome = await deps.webhooks.receive(body, header('x-razorpay-signature'), header('x-razorpay-event-id'));
        return { success: true as const, outcome };
      });
    });
  };
