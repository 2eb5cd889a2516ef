import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { giftCardIdParamsSchema, voidGiftCardBodySchema } from '../../../contracts/balances.ts';
import { orderIdParamsSchema } from '../../../contracts/orders.ts';
import { giftCardRefundResponseSchema, orderGiftCardsResponseSchema } from '../../../contracts/gift-card-sales.ts';
import { giftCardLabel } from '../../../domain/balances.ts';
import { formatPaise } from '../../../domain/money.ts';
import { requireCustomer, requirePermission } from '../accounts/auth-plugin.ts';
import type { BalanceService } from '../balances/balance-service.ts';
import type { OrderService } from '../orders/order-service.ts';
import type { RefundLimit } from '../staff/refund-limit.ts';
import type { CardRefunds } from './card-refunds.ts';
import type { GiftCardSaleService } from './gift-card-sale-service.ts';

/** The gift cards an order bought, for whoever may see the order: last four and delivery status, never a code. */
export const giftCardSaleRoutes =
  (service: GiftCardSaleService, orders: Pick<OrderService, 'findFor'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/orders/:orderId/gift-cards', { onRequest: requireCustomer, schema: { params: orderIdParamsSchema, response: { 200: orderGiftCardsResponseSchema } } }, async (request) => {
      const order = await orders.findFor(request.user!, request.params.orderId);
      return { success: true as const, giftCards: await service.forOrder(order.id) };
    });
  };

/**
 * The back office refunds a card bought, while wholly unspent, to the payment that bought it (decision 0088): a
 * refund like an order's, so `orders.refund` and the support refund limit; the reason is required, as for a void.
 */
export const giftCardRefundRoutes =
  (refunds: CardRefunds, balances: Pick<BalanceService, 'adminCardById'>, refundLimit: RefundLimit): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/admin/gift-cards/:id/refund',
      {
        onRequest: requirePermission('orders.refund'),
        // A body left out (Fastify then has null) is a missing reason, named as such.
        schema: { params: giftCardIdParamsSchema, body: z.preprocess((body) => body ?? {}, voidGiftCardBodySchema), response: { 200: giftCardRefundResponseSchema } },
      },
      async (request) => {
        const amountPaise = await refunds.amountOf(request.params.id);
        if (amountPaise !== null) await refundLimit(request, amountPaise / 100);
        const refunded = await refunds.refund(request.user!, request.params.id, request.body.reason);
        const giftCard = await balances.adminCardById(refunded.cardId);
        return {
          success: true as const,
          message: `Refunded ${formatPaise(refunded.amountPaise)} for ${giftCardLabel(giftCard.lastFour)} of order ${refunded.orderNumber}; the card is cancelled`,
          refundId: refunded.refundId,
          giftCard,
        };
      },
    );
  };
