import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { shopUrlOf } from './jobs/shop-jobs.ts';
import type { BalanceService } from './modules/balances/balance-service.ts';
import type { GiftCardSaleService } from './modules/gift-card-sales/gift-card-sale-service.ts';
import { CodConfirmationLinks } from './modules/cash-on-delivery/cod-links.ts';
import { createCashOnDeliveryModule } from './modules/cash-on-delivery/cod-module.ts';
import { createCheckoutModule } from './modules/checkout/checkout-module.ts';
import type { BackInStock } from './modules/inventory/checkout-holds.ts';
import type { EmailOutbox } from './modules/mail/email-outbox.ts';
import type { NotificationService } from './modules/notifications/notification-service.ts';
import { createOrdersModule } from './modules/orders/orders-module.ts';
import type { RedeemPersonalCoupon, SplitLineTaxes } from './modules/orders/place-order.ts';
import { createPaymentsModule } from './modules/payments/payments-module.ts';
import { createPromotionsModule } from './modules/promotions/promotions-module.ts';
import { createRefundsModule } from './modules/refunds/refunds-module.ts';
import { createReturnsModule } from './modules/returns/returns-module.ts';
import type { ShippingService } from './modules/shipping/shipping-service.ts';
import type { PaymentProvider } from './payments/payment-provider.ts';

/** What the order-side modules need from the rest of the shop. */
export interface OrderModulesDeps {
  db: Database;
  config: Config;
  clock: () => Date;
  provider: PaymentProvider;
  notifications: NotificationService;
  outbox: EmailOutbox;
  shipping: ShippingService;
  balances: BalanceService;
  /** Gift cards on sale, bought beside the basket. */
  giftCardSales: GiftCardSaleService;
  redeemPersonalCoupon: RedeemPersonalCoupon;
  /** Shoppers waiting for a sold-out product hear when a released hold brings it back. */
  backInStock: BackInStock;
  /** Stock moved: the storefront's cached catalogue (and pages) must show it at once, in every process. */
  onStockChanged: () => void;
  /** Tells every process that promotions changed. */
  announcePromotions?: () => void;
  /** The invoice's tax split of an order's lines (server/modules/invoices), for orders paid as they are placed. */
  splitLineTaxes?: SplitLineTaxes;
}

/**
 * The order-side modules wired in the order they depend on each other (docs/decisions/0077): promotions, orders
 * (with the one placeOrder), refunds, returns, payments, cash on delivery and the checkout.
 */
export function createOrderModules({ db, config, clock, provider, notifications, outbox, shipping, balances, giftCardSales, redeemPersonalCoupon, backInStock, onStockChanged, announcePromotions, splitLineTaxes }: OrderModulesDeps) {
  const promotions = createPromotionsModule({ db, clock, cache: { ttlMs: config.catalogueCacheTtlMs, announce: announcePromotions } });
  const codLinks = new CodConfirmationLinks(db, shopUrlOf(config));
  const orders = createOrdersModule({ db, notifications, outbox, codLinks, shipping, clock, onStockChanged, splitLineTaxes });
  const { lifecycle, placeOrder } = orders;
  const refunds = createRefundsModule({ db, provider, orders: orders.orders, lifecycle, notifications, clock, onStockChanged });
  const returns = createReturnsModule({ db, provider, lifecycle, clock, windowDays: config.returnWindowDays, onStockChanged });
  const payments = createPaymentsModule({
    db,
    provider,
    notifications,
    outbox,
    lifecycle,
    placeOrder,
    redeemPersonalCoupon,
    refunds: refunds.refunds,
    returns: returns.returns,
    webhookSecret: config.payments.webhookSecret,
    clock,
    onStockChanged,
  });
  const { offers } = promotions;
  const cashOnDelivery = createCashOnDeliveryModule({
    db,
    offers,
    shipping,
    placeCheckoutOrder: placeOrder,
    lifecycle,
    notifications,
    links: codLinks,
    redeemPersonalCoupon,
    clock,
    maxOrderPaise: config.codMaxOrderPaise,
    onStockChanged,
    giftWrapPaise: config.giftWrapPaise,
    balances,
  });
  const checkout = createCheckoutModule({
    db,
    offers,
    provider,
    fulfilment: payments.fulfilment,
    notifications,
    clock,
    holdMinutes: config.checkoutHoldMinutes,
    onStockChanged,
    shipping,
    backInStock,
    giftWrapPaise: config.giftWrapPaise,
    balances,
    giftCardSales,
  });
  return { promotions, orders, refunds, returns, payments, cashOnDelivery, checkout };
}

export type OrderModules = ReturnType<typeof createOrderModules>;
