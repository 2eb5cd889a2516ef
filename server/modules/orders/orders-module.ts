import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import type { CodConfirmationLinks } from '../cash-on-delivery/cod-links.ts';
import type { EmailOutbox } from '../mail/email-outbox.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { OrderRefunds } from '../refunds/order-refunds.ts';
import type { ShippingService } from '../shipping/shipping-service.ts';
import type { RefundLimit } from '../staff/refund-limit.ts';
import { orderAdminRoutes } from './admin-routes.ts';
import { OrderLifecycle } from './order-lifecycle.ts';
import { OrderMails } from './order-mails.ts';
import { OrderService } from './order-service.ts';
import { orderPlacement, type SplitLineTaxes } from './place-order.ts';
import { orderRoutes } from './routes.ts';

export interface OrdersModuleDeps {
  db: Database;
  notifications: NotificationService;
  outbox: EmailOutbox;
  /** The signed links in a cash-on-delivery order's mail that confirm it. */
  codLinks: CodConfirmationLinks;
  /** The delivery day promised when an order is placed. */
  shipping: Pick<ShippingService, 'termsFor'>;
  clock: () => Date;
  /** Stock moved: the storefront's cached catalogue must show it. */
  onStockChanged: () => void;
  /** The invoice's tax split of an order's lines (the invoices module's), for orders paid as they are placed. */
  splitLineTaxes?: SplitLineTaxes;
}

/** What the back office's order routes need besides orders: the refund button, and a support agent's limit for it. */
export interface OrdersRouteDeps {
  refunds: OrderRefunds;
  refundLimit: RefundLimit;
}

/**
 * Orders: the one way a checkout becomes an order (placeOrder, prepaid and cash on delivery alike), the lifecycle
 * that alone changes an order's status and payment status, the order mails, and reading and managing orders.
 */
export function createOrdersModule({ db, notifications, outbox, codLinks, shipping, clock, onStockChanged, splitLineTaxes }: OrdersModuleDeps) {
  const mails = new OrderMails(outbox, clock, codLinks);
  const lifecycle = new OrderLifecycle(notifications, mails, clock);
  const orders = new OrderService({ db, notifications, mails, lifecycle, clock, onStockChanged });
  const placeOrder = orderPlacement({ clock, shipping, splitLineTaxes });
  const routes =
    ({ refunds, refundLimit }: OrdersRouteDeps): FastifyPluginAsyncZod =>
    async (api) => {
      await api.register(orderRoutes(orders));
      await api.register(orderAdminRoutes(orders, refunds, refundLimit));
    };
  return { lifecycle, orders, placeOrder, routes };
}

export type OrdersModule = ReturnType<typeof createOrdersModule>;
