import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import type { PaymentProvider } from '../../payments/payment-provider.ts';
import { SandboxProvider } from '../../payments/sandbox-provider.ts';
import type { EmailOutbox } from '../mail/email-outbox.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { OrderLifecycle } from '../orders/order-lifecycle.ts';
import type { PlaceOrder, RedeemPersonalCoupon } from '../orders/place-order.ts';
import type { OrderRefunds } from '../refunds/order-refunds.ts';
import type { ReturnService } from '../returns/return-service.ts';
import { PaymentFulfilment } from './payment-fulfilment.ts';
import { paymentRoutes, type PaymentRouteDeps } from './payment-routes.ts';
import { PaymentWebhooks } from './payment-webhooks.ts';

export interface PaymentsModuleDeps {
  db: Database;
  provider: PaymentProvider;
  notifications: NotificationService;
  outbox: EmailOutbox;
  lifecycle: OrderLifecycle;
  placeOrder: PlaceOrder;
  redeemPersonalCoupon: RedeemPersonalCoupon;
  /** The provider's refund events settle the refunds and returns waiting for them. */
  refunds: OrderRefunds;
  returns: Pick<ReturnService, 'markRefundFailed'>;
  /** RAZORPAY_WEBHOOK_SECRET */
  webhookSecret: string | undefined;
  clock: () => Date;
  /** Stock moved: the storefront's cached catalogue must show it. */
  onStockChanged: () => void;
}

/**
 * Online payments: a captured payment becomes its order exactly once (from the browser's confirmation, the
 * provider's webhook or a retry), a failed one releases its checkout's hold, and the provider's refund events.
 */
export function createPaymentsModule({
  db,
  provider,
  notifications,
  outbox,
  lifecycle,
  placeOrder,
  redeemPersonalCoupon,
  refunds,
  returns,
  webhookSecret,
  clock,
  onStockChanged,
}: PaymentsModuleDeps) {
  const fulfilment = new PaymentFulfilment({ db, notifications, outbox, lifecycle, clock, onStockChanged, redeemPersonalCoupon, placeOrder });
  const webhooks = new PaymentWebhooks({ db, fulfilment, refunds, returns, notifications, secret: webhookSecret, provider });
  /** The checkout's routes: opening a payment order, confirming it, the provider's webhook and the sandbox's test payment. */
  const routes =
    (http: Omit<PaymentRouteDeps, 'fulfilment' | 'webhooks' | 'sandbox'>): FastifyPluginAsyncZod =>
    async (api) => {
      await api.register(paymentRoutes({ ...http, fulfilment, webhooks, sandbox: provider instanceof SandboxProvider ? provider : undefined }));
    };
  return { fulfilment, webhooks, routes };
}

export type PaymentsModule = ReturnType<typeof createPaymentsModule>;
