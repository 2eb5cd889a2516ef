import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import type { PaymentProvider } from '../../payments/payment-provider.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { OrderLifecycle } from '../orders/order-lifecycle.ts';
import type { OrderService } from '../orders/order-service.ts';
import type { OfflineRefundLimit } from '../staff/refund-limit.ts';
import { offlineRefundRoutes } from './offline-refund-routes.ts';
import { OfflineRefunds } from './offline-refunds.ts';
import { OrderRefunds } from './order-refunds.ts';
import { CustomerCancellation } from './customer-cancellation.ts';
import { customerCancelRoutes } from './customer-cancel-routes.ts';

export interface RefundsModuleDeps {
  db: Database;
  provider: PaymentProvider;
  orders: OrderService;
  lifecycle: OrderLifecycle;
  notifications: NotificationService;
  clock: () => Date;
  /** Stock moved (a customer's cancellation): the storefront's cached catalogue must show it. */
  onStockChanged: () => void;
}

/**
 * Refunds of whole orders: through the payment provider (and back to gift cards and store credit), or, for cash
 * collected on delivery, by a transfer the shop records (docs/decisions/0068); and the customer's own cancellation
 * of a paid order before dispatch, refunded at once where they choose (decision 0075).
 */
export function createRefundsModule({ db, provider, orders, lifecycle, notifications, clock, onStockChanged }: RefundsModuleDeps) {
  const refunds = new OrderRefunds({ db, provider, orders, lifecycle, clock });
  const customerCancellation = new CustomerCancellation({ db, orders, lifecycle, refunds, onStockChanged });
  const offlineRefunds = new OfflineRefunds({ db, orders, lifecycle, notifications, clock });
  /** `refundLimit`: a support agent's limit on the transfers they may record (docs/decisions/0071). */
  const routes =
    ({ refundLimit }: { refundLimit: OfflineRefundLimit }): FastifyPluginAsyncZod =>
    async (api) => {
      await api.register(offlineRefundRoutes(offlineRefunds, refundLimit));
      await api.register(customerCancelRoutes(customerCancellation));
    };
  return { refunds, offlineRefunds, customerCancellation, routes };
}

export type RefundsModule = ReturnType<typeof createRefundsModule>;
