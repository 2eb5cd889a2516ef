import compress from '@fastify/compress';
import Fastify, { LogController, type FastifyInstance, type FastifySchema, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ShopApi } from '../contracts/shop-api.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { registerErrorHandling, sendApiNotFound } from './http/errors.ts';
import { apiDocsRoutes } from './http/api-docs-routes.ts';
import { registerOpenApi } from './http/openapi.ts';
import packageJson from '../package.json' with { type: 'json' };
import { requestLogFields } from './http/log-redaction.ts';
import { registerPages } from './http/pages.ts';
import { trustProxyOf } from './http/client-address.ts';
import { RateCounter } from './http/rate-counter.ts';
import { addressLimit, keyLimit } from './http/address-limit.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { CacheBus } from './scale/cache-bus.ts';
import { registerMetrics, routeLabel, ShopMetrics } from './scale/metrics.ts';
import { PAGE_CACHE_PAGES, PageCache } from './http/page-cache.ts';
import { registerRequestLog, requestIdOf } from './http/request-log.ts';
import { cartRoutes } from './modules/cart/routes.ts';
import { CartService } from './modules/cart/cart-service.ts';
import { BalanceService } from './modules/balances/balance-service.ts';
import { balanceAdminRoutes, balanceRoutes } from './modules/balances/routes.ts';
import { claimTenders, giveTendersBack } from './modules/balances/tenders.ts';
import { GiftCardSaleService } from './modules/gift-card-sales/gift-card-sale-service.ts';
import { giftCardRefundRoutes, giftCardSaleRoutes } from './modules/gift-card-sales/routes.ts';
import { CardRefunds } from './modules/gift-card-sales/card-refunds.ts';
import { AccountMail } from './modules/accounts/account-mail.ts';
import { AccountService } from './modules/accounts/account-service.ts';
import { EmailOwnership } from './modules/accounts/email-ownership.ts';
import { PasswordRecovery } from './modules/accounts/password-recovery.ts';
import { demoAdminOf } from './modules/accounts/admin-bootstrap.ts';
import { registerAuthentication } from './modules/accounts/auth-plugin.ts';
import { LoginThrottle } from './modules/accounts/login-throttle.ts';
import { authRoutes } from './modules/accounts/routes.ts';
import { CodeDigests, PasswordlessSignIn } from './modules/accounts/passwordless-sign-in.ts';
import { signInRoutes } from './modules/accounts/sign-in-routes.ts';
import { SignInSteps } from './modules/accounts/sign-in-steps.ts';
import { OwnTwoFactor } from './modules/accounts/own-two-factor.ts';
import { twoFactorRoutes } from './modules/accounts/two-factor-routes.ts';
import { SecretSigner } from './db/shop-secrets.ts';
import { SIGN_IN_SEND_WINDOW_MS, SIGN_IN_SENDS_PER_DESTINATION } from '../domain/sign-in.ts';
import { SmsOutbox } from './modules/sms/sms-outbox.ts';
import { SmsLog } from './modules/sms/sms-log.ts';
import { smsAdminRoutes } from './modules/sms/admin-routes.ts';
import { WhatsAppChannel } from './modules/whatsapp/whatsapp-channel.ts';
import { WhatsAppOutbox } from './modules/whatsapp/whatsapp-outbox.ts';
import { WhatsAppPreferences } from './modules/whatsapp/whatsapp-consent.ts';
import { whatsappHealth, WhatsAppLog } from './modules/whatsapp/whatsapp-log.ts';
import { whatsappRoutes, whatsappWebhookRoutes } from './modules/whatsapp/routes.ts';
import { WhatsAppWebhook } from './modules/whatsapp/whatsapp-webhook.ts';
import { registerWhatsAppMetrics } from './modules/whatsapp/whatsapp-metrics.ts';
import { AddressBook } from './modules/address-book/address-book.ts';
import { addressBookRoutes } from './modules/address-book/routes.ts';
import { AdminDashboardService } from './modules/admin-dashboard/admin-dashboard-service.ts';
import { adminDashboardRoutes } from './modules/admin-dashboard/routes.ts';
import { AdminProductService } from './modules/admin-products/admin-product-service.ts';
import { adminProductRoutes } from './modules/admin-products/routes.ts';
import { AuditReader } from './modules/audit/audit-reader.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { AdminUserService } from './modules/admin-users/admin-user-service.ts';
import { adminUserRoutes } from './modules/admin-users/routes.ts';
import { AnalyticsService } from './modules/analytics/analytics-service.ts';
import { analyticsRoutes } from './modules/analytics/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { NotificationHub } from './modules/notifications/notification-hub.ts';
import { NotificationService } from './modules/notifications/notification-service.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { CatalogueReader } from './modules/products/catalogue-reader.ts';
import { ProductService } from './modules/products/product-service.ts';
import { SearchSynonyms } from './modules/products/search-synonyms.ts';
import { synonymAdminRoutes } from './modules/products/synonym-routes.ts';
import { FeedService } from './modules/feeds/feed-service.ts';
import { feedRoutes } from './modules/feeds/routes.ts';
import { cookieConsentRoutes } from './modules/privacy/cookie-consent.ts';
import { OrderSources } from './modules/analytics/order-sources.ts';
import { orderSourceRoutes } from './modules/analytics/order-source-routes.ts';
import { PURCHASE_EVENTS_QUEUE, PurchaseEvents } from './modules/analytics/purchase-events.ts';

import { productRoutes } from './modules/products/routes.ts';
import { createOrderModules, type OrderModules } from './order-modules.ts';
import type { OrderSpentHook } from './modules/orders/place-order.ts';
import { PAYMENT_ORDER_WINDOW_MS } from './modules/payments/payment-routes.ts';
import { orderStatsOf } from './modules/orders/order-totals.ts';
import { grantAchievementRewards, redeemPersonalCoupon } from './modules/profile/achievement-rewards.ts';
import type { PaymentProvider } from './payments/payment-provider.ts';
import { paymentProviderOf } from './payments/provider-of-config.ts';
import { withSandboxSecret } from './payments/sandbox-secret.ts';
import { reviewAdminRoutes } from './modules/reviews/admin-routes.ts';
import { ReviewAdminService } from './modules/reviews/review-admin-service.ts';
import { ReviewService } from './modules/reviews/review-service.ts';
import { reviewRoutes } from './modules/reviews/routes.ts';
import { storefrontRoutes } from './modules/storefront/routes.ts';
import { stockWaitlistRoutes } from './modules/stock-waitlist/routes.ts';
import { StockWaitlist } from './modules/stock-waitlist/stock-waitlist.ts';
import { ProfileService } from './modules/profile/profile-service.ts';
import { AccountErasure } from './modules/privacy/account-erasure.ts';
import { ConsentLog } from './modules/privacy/consent-log.ts';
import { privacyRoutes } from './modules/privacy/routes.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { finderRoutes } from './modules/finder/routes.ts';
import { wishlistRoutes } from './modules/wishlist/routes.ts';
import { WishlistService } from './modules/wishlist/wishlist-service.ts';
import { FinderService } from './modules/finder/finder-service.ts';
import { StorefrontService } from './modules/storefront/storefront-service.ts';
import { storefrontAdminRoutes } from './modules/storefront/admin-routes.ts';
import { StorefrontInbox } from './modules/storefront/storefront-inbox.ts';
import { RETURN_PHOTO_KEPT_MS } from './modules/uploads/return-photos.ts';
import { uploadedFileRoutes, uploadRoutes } from './modules/uploads/routes.ts';
import { uploadStorageOf, type UploadStorage } from './modules/uploads/upload-storage.ts';
import { backupStoreOf, newestBackupAt } from './backup/backup-stores.ts';
import { backupRoutes } from './backup/backup-routes.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import { openShopJobs, shopUrlOf, startShopWorkers, type JobsTuning } from './jobs/shop-jobs.ts';
import { emailAdminRoutes } from './modules/mail/admin-routes.ts';
import { MailingLists } from './modules/mail/mailing-lists.ts';
import { unsubscribeRoutes } from './modules/mail/unsubscribe-routes.ts';
import { EmailLog } from './modules/mail/email-log.ts';
import { recipientAllowanceOf } from './modules/mail/recipient-allowance.ts';
import { EmailOutbox } from './modules/mail/email-outbox.ts';
import { CartRecovery } from './modules/recovery/cart-recovery.ts';
import { cartReminderChannels } from './modules/recovery/cart-reminder-event.ts';
import { KeptCarts } from './modules/recovery/kept-carts.ts';
import { RecoveryReport } from './modules/recovery/recovery-report.ts';
import { keptCartRoutes, recoveryAdminRoutes } from './modules/recovery/routes.ts';
import { PinDirectory } from './modules/shipping/pin-directory.ts';
import { shippingAdminRoutes, shippingRoutes } from './modules/shipping/routes.ts';
import { ShippingService } from './modules/shipping/shipping-service.ts';
import { CourierPromise } from './modules/shipping/courier-promise.ts';
import { shippingProviderOf } from './couriers/provider-of-config.ts';
import type { ShippingProvider } from './couriers/shipping-provider.ts';
import { CourierJobs } from './modules/shipments/courier-queue.ts';
import { CourierWebhook } from './modules/shipments/courier-webhook.ts';
import { TrackingBatches } from './modules/shipments/tracking-batches.ts';
import { ShipmentProgress } from './modules/shipments/shipment-progress.ts';
import { courierWebhookRoutes, shipmentAdminRoutes, shipmentRoutes } from './modules/shipments/routes.ts';
import { ShipmentService } from './modules/shipments/shipment-service.ts';
import { taxDocumentRoutes } from './modules/invoices/routes.ts';
import { gstReportRoutes } from './modules/invoices/admin-routes.ts';
import { staffRoutes } from './modules/staff/routes.ts';
import { StaffDirectory } from './modules/staff/staff-directory.ts';
import { StaffSettings } from './modules/staff/staff-settings.ts';
import { refundLimitsOf } from './modules/staff/refund-limit.ts';
import { TwoFactor } from './modules/staff/two-factor.ts';
import { GstReports } from './modules/invoices/gst-reports.ts';
import { TaxDocumentFiles, TaxDocuments } from './modules/invoices/tax-documents.ts';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Serve the React pages too ('production' needs `npm run build` first); tests of the API leave it off. */
  pages?: 'production' | 'development' | false;
  /** The shop's clock; tests pin it to check dates and festival windows. */
  clock?: () => Date;
  /** Job retry and polling settings (tests shorten them). */
  jobs?: JobsTuning;
  /** Where the JSON log lines go (standard output unless a test reads them). */
  logStream?: { write(line: string): void };
  /**
   * Leave the job workers and their schedules to `app.startWorkers()`: a start calls it once it has answered its
   * first request, so the first page does not wait for twenty schedules (docs/decisions/0076, 0080).
   */
  deferWorkers?: boolean;
}

export interface Services {
  /** The order-side modules, each with its services and routes (server/order-modules.ts, docs/decisions/0077). */
  modules: OrderModules;
  products: ProductService;
  /** The words catalogue search treats as one (attar = ittar), kept by the back office. */
  searchSynonyms: SearchSynonyms;
  /** The campaign or site that brought each checkout and order, and revenue by source. */
  orderSources: OrderSources;
  catalogue: CatalogueReader;
  festivals: OrderModules['promotions']['festivals'];
  promotions: OrderModules['promotions']['promotions'];
  promotionAdmin: OrderModules['promotions']['promotionAdmin'];
  cart: CartService;
  festivalAdmin: OrderModules['promotions']['festivalAdmin'];
  accounts: AccountService;
  passwordRecovery: PasswordRecovery;
  emailOwnership: EmailOwnership;
  stockWaitlist: StockWaitlist;
  wishlist: WishlistService;
  adminUsers: AdminUserService;
  notifications: NotificationService;
  notificationHub: NotificationHub;
  storefront: StorefrontService;
  adminDashboard: AdminDashboardService;
  analytics: AnalyticsService;
  payments: PaymentProvider;
  /** The one writer of orders' status and payment status; invoices and credit notes hook in here. */
  lifecycle: OrderModules['orders']['lifecycle'];
  fulfilment: OrderModules['payments']['fulfilment'];
  checkout: OrderModules['checkout']['checkout'];
  /** Gift cards and store credit. */
  balances: BalanceService;
  /** Gift cards on sale: bought at checkout, issued when paid, e-mailed on the buyer's day. */
  giftCardSales: GiftCardSaleService;
  /** A card bought, refunded while unspent to the payment that bought it (decision 0088). */
  cardRefunds: CardRefunds;
  /** Cash on delivery: eligibility, placing, confirmation, collection, returns to origin and the expiry job. */
  cod: OrderModules['cashOnDelivery']['cod'];
  orders: OrderModules['orders']['orders'];
  refunds: OrderModules['refunds']['refunds'];
  returns: OrderModules['returns']['returns'];
  /** Refunds of cash collected on delivery, which the shop transfers. */
  offlineRefunds: OrderModules['refunds']['offlineRefunds'];
  taxDocuments: TaxDocuments;
  taxDocumentFiles: TaxDocumentFiles;
  gstReports: GstReports;
  webhooks: OrderModules['payments']['webhooks'];
  reviews: ReviewService;
  reviewAdmin: ReviewAdminService;
  adminProducts: AdminProductService;
  audit: AuditReader;
  storefrontInbox: StorefrontInbox;
  profile: ProfileService;
  /** Consents given and withdrawn (DPDP Act 2023 s.6). */
  consents: ConsentLog;
  /** Erasing a customer's account, on their own request or an admin's. */
  erasure: AccountErasure;
  outbox: EmailOutbox;
  /** Text messages (sign-in codes), sent by the SMS job through MSG91 or kept by the `log` provider. */
  smsOutbox: SmsOutbox;
  /** Order messages on WhatsApp (Meta's Cloud API); null when the WHATSAPP_* settings are not set. */
  whatsapp: WhatsAppChannel | null;
  whatsappPreferences: WhatsAppPreferences;
  accountMail: AccountMail;
  mailingLists: MailingLists;
  emailLog: EmailLog;
  shipping: ShippingService;
  /** The courier account parcels are booked with (Shiprocket, or by hand), its jobs, webhook and the parcels. */
  shippingProvider: ShippingProvider;
  shipments: ShipmentService;
  courierJobs: CourierJobs;
  courierWebhook: CourierWebhook;
  jobs: JobQueue;
  /** A signed-in shopper's cart kept on the server, and the abandoned-checkout reminders (docs/decisions/0070). */
  keptCarts: KeptCarts;
  cartRecovery: CartRecovery;
}

export function createServices(database: DatabaseHandle, config: Config, jobs: JobQueue, clock: () => Date = () => new Date(), bus?: CacheBus): Services {
  const uploads = uploadStorageOf(config);
  const mailingLists = new MailingLists(database.db, shopUrlOf(config));
  const outbox = new EmailOutbox(jobs, config.mail.from, mailingLists, recipientAllowanceOf(database.db, config));
  const accountMail = new AccountMail(outbox);
  const emailOwnership = new EmailOwnership(database.db, accountMail, clock);
  const stockWaitlist = new StockWaitlist(database.db, outbox, clock);
  const searchSynonyms = new SearchSynonyms(database.db);
  const products = new ProductService(database.db, { synonyms: searchSynonyms });
  const catalogue = new CatalogueReader(products, { ttlMs: config.catalogueCacheTtlMs, announce: bus && (() => bus.announce('catalogue')) });
  const wishlist = new WishlistService(database.db, catalogue, outbox);
  // A back-office write to a product tells, in its own transaction, the addresses waiting for it and the
  // shoppers who saved it with alerts on.
  const productWatchers: Pick<StockWaitlist, 'announceRestock'> = {
    announceRestock: async (tx, before, after) => (await stockWaitlist.announceRestock(tx, before, after)) + (await wishlist.announceChange(tx, after.id)),
  };
  const notifications = new NotificationService(database.db);
  const orderStats = orderStatsOf(database.db);
  // Every checkout and order asks for its PIN's terms: the zones and holidays are kept like the catalogue.
  const shipping = new ShippingService(database.db, new PinDirectory(), clock, { ttlMs: config.catalogueCacheTtlMs, announce: bus && (() => bus.announce('shipping')) });
  const payments = paymentProviderOf(config);
  // Stock moves with orders; the storefront's cached catalogue (and pages) must show it at once, in every process.
  const stockChanged = () => catalogue.invalidate();
  // Gift cards and store credit, which the checkout may be paid with.
  const balances = new BalanceService(database.db, clock, config.giftCardValidityMonths);
  // Gift cards on sale, bought at checkout beside the basket.
  const giftCardSales = new GiftCardSaleService(database.db, outbox, clock, config.giftCardValidityMonths);
  // Tax documents are issued in the transaction of the event that causes them.
  const taxDocuments = new TaxDocuments(config.seller, clock);
  const modules = createOrderModules({
    db: database.db,
    config,
    clock,
    provider: payments,
    notifications,
    outbox,
    shipping,
    balances,
    giftCardSales,
    redeemPersonalCoupon,
    backInStock: (tx, ids) => stockWaitlist.announceBackInStock(tx, ids),
    onStockChanged: stockChanged,
    announcePromotions: bus && (() => bus.announce('promotions')),
    splitLineTaxes: taxDocuments.splitLines,
  });
  const { festivals, promotions, offers } = modules.promotions;
  const { lifecycle, orders } = modules.orders;
  const { fulfilment } = modules.payments;
  const { cod } = modules.cashOnDelivery;
  lifecycle.onInvoice((tx, order, lines) => taxDocuments.issueInvoice(tx, order, lines));
  lifecycle.onCreditNote((tx, order, refund) => taxDocuments.issueCreditNote(tx, order, refund));
  // An order can unlock achievements and their reward coupons once it counts as spent: a prepaid order when it
  // is made (counted before its transaction marks it paid), one paid on delivery when its cash is collected.
  const grantRewards: OrderSpentHook = async (tx, order) => {
    await grantAchievementRewards(tx, order.userId, order.createdAt, order.id);
  };
  fulfilment.onOrderCreated(grantRewards);
  // An order paid partly or wholly with gift cards and store credit keeps their tenders (a late payment takes them again).
  fulfilment.onOrderCreated((tx, order) => claimTenders(tx, order, clock()));
  // A cash-on-delivery order that ends without its cash gives what its balances paid back onto them, once.
  lifecycle.onBalancesBack(async (tx, order) => {
    await giveTendersBack(tx, order, clock());
  });
  // A paid order issues the gift cards it bought and queues each recipient's e-mail for its day.
  fulfilment.onOrderCreated(giftCardSales.issueForOrder);
  // A paid order takes its checkout's sources (campaign or site, first and last touch) in its own transaction.
  const purchaseEvents = new PurchaseEvents(database.db, { ...config.purchaseEvents, shopUrl: shopUrlOf(config) });
  const orderSources = new OrderSources(database.db, clock, {
    events: purchaseEvents,
    send: async (tx, job) => {
      await (tx ? jobs.sendInTransaction(tx, PURCHASE_EVENTS_QUEUE, job) : jobs.send(PURCHASE_EVENTS_QUEUE, job));
    },
  });
  fulfilment.onOrderCreated(orderSources.onOrderCreated);
  // WhatsApp carries an order's messages beside the e-mails, when the shop set it up and the customer opted in.
  const whatsapp = config.whatsapp ? new WhatsAppChannel(new WhatsAppOutbox(jobs), shopUrlOf(config)) : null;
  if (whatsapp) lifecycle.onMessage((tx, order, mail, event) => whatsapp.orderEvent(tx, order, mail, event));
  cod.onCollected(grantRewards);
  const shippingProvider = shippingProviderOf(config, database.db, clock);
  if (shippingProvider.name !== 'manual') shipping.useCourier(new CourierPromise(database.db, shippingProvider, clock));
  // Parcels move orders through the same lifecycle: a delivered COD parcel is cash collected (and may unlock rewards).
  const shipmentProgress = new ShipmentProgress(lifecycle, clock, stockChanged);
  const cart = new CartService(database.db, offers, clock, config.giftWrapPaise);
  const keptCarts = new KeptCarts(database.db, cart, clock);
  const cartRecovery = new CartRecovery(database.db, keptCarts, cartReminderChannels(outbox, whatsapp), config.recovery, shopUrlOf(config), clock);
  if (whatsapp) shipmentProgress.onFailedAttempt((tx, order, shipment) => whatsapp.deliveryFailed(tx, order, shipment));
  return {
    modules,
    products,
    searchSynonyms,
    orderSources,
    catalogue,
    festivals,
    promotions,
    promotionAdmin: modules.promotions.promotionAdmin,
    cart,
    festivalAdmin: modules.promotions.festivalAdmin,
    accounts: new AccountService(database.db, new LoginThrottle(new RateCounter(database.db)), notifications, orderStats, emailOwnership, accountMail),
    passwordRecovery: new PasswordRecovery(database.db, accountMail, clock),
    emailOwnership,
    stockWaitlist,
    wishlist,
    adminUsers: new AdminUserService(database.db, orderStats),
    notifications,
    notificationHub: new NotificationHub(database, notifications),
    storefront: new StorefrontService(database.db, outbox, { shopUrl: shopUrlOf(config), shopInbox: config.mail.shopInbox, grievanceOfficer: config.grievanceOfficer }),
    adminDashboard: new AdminDashboardService(database.db, clock),
    analytics: new AnalyticsService(database.db, clock),
    payments,
    lifecycle,
    fulfilment,
    cod,
    checkout: modules.checkout.checkout,
    balances,
    giftCardSales,
    cardRefunds: new CardRefunds({ db: database.db, provider: payments, outbox, clock }),
    orders,
    refunds: modules.refunds.refunds,
    returns: modules.returns.returns,
    offlineRefunds: modules.refunds.offlineRefunds,
    taxDocuments,
    taxDocumentFiles: new TaxDocumentFiles(database.db),
    gstReports: new GstReports(database.db),
    webhooks: modules.payments.webhooks,
    reviews: new ReviewService(database.db, notifications, catalogue),
    reviewAdmin: new ReviewAdminService(database.db, notifications, catalogue),
    adminProducts: new AdminProductService(database.db, notifications, catalogue, productWatchers, config.declarationDefaults),
    audit: new AuditReader(database.db),
    storefrontInbox: new StorefrontInbox(database.db, clock),
    profile: new ProfileService(database.db),
    consents: new ConsentLog(database.db, clock),
    erasure: new AccountErasure(database.db, clock, (name) => uploads.remove(name)),
    outbox,
    smsOutbox: new SmsOutbox(jobs),
    whatsapp,
    whatsappPreferences: new WhatsAppPreferences(database.db, clock),
    accountMail,
    mailingLists,
    emailLog: new EmailLog(database.db, { shopUrl: shopUrlOf(config) }),
    shipping,
    shippingProvider,
    shipments: new ShipmentService(database.db, shippingProvider, shipmentProgress, jobs, clock, {
      shop: { name: config.seller.legalName, address: config.seller.address },
      slipSize: config.shipping.packingSlipSize,
    }),
    courierJobs: new CourierJobs(database.db, shippingProvider, shipmentProgress, config.shipping.courierChoice, clock),
    courierWebhook: new CourierWebhook(new TrackingBatches(database.db, shipmentProgress, config.shipping.webhookBatch), config.shipping.webhookToken),
    keptCarts,
    cartRecovery,
    jobs,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered (method, full path and its own schema), for tests that walk the whole table. */
    routeList: { method: string; url: string; schema?: FastifySchema }[];
    services: Services;
    metrics: ShopMetrics;
    /** Where uploaded files (product pictures, return photos) are kept: DATA_DIR/uploads or S3. */
    uploads: UploadStorage;
    /** Clears cached catalogue reads and pages in every process after a write. */
    cacheBus: CacheBus;
    /** Starts the job workers and schedules (with JOBS_IN_WEB) when buildApp left them to it; once. */
    startWorkers: () => Promise<void>;
  }
}

/** The page loaders' view of the services: the same objects the JSON API calls. */
function shopApiOf(services: Services, clock: () => Date, config: Config): ShopApi {
  return {
    products: {
      list: async (query) => (await services.catalogue.list(query)).value,
      find: async (idOrSlug) => (await services.catalogue.find(idOrSlug)).value,
      categories: async () => (await services.catalogue.categories()).value,
    },
    festivals: { active: () => services.festivals.active(clock()) },
    grievanceOfficer: config.grievanceOfficer,
    payments: { sandbox: services.payments.name === 'sandbox' },
    analyticsTags: config.analyticsTags,
  };
}

/** A promotion starts and ends on the clock with no write to announce it: feeds are made again at least this often. */
const FEED_TTL_MS = 5 * 60_000;
/** The brand the feeds list under (the storefront's is app/brand.ts, which the server does not import). */
const FEED_SHOP = (origin: string) => ({
  origin,
  brand: 'Deosil Perfumes',
  title: 'Deosil Perfumes',
  description: 'Small-batch, occult-inspired perfumes handcrafted in India, blended by lunar cycle.',
});

/**
 * Every route's schemas are zod's, checked and written by fastify-type-provider-zod. Given as the compilers' factory
 * rather than set after the start, Fastify never loads its defaults (Ajv and fast-json-stringify), which no route
 * uses and which took a start several hundred milliseconds to load on a busy machine. Fastify's types describe
 * Ajv-shaped factories only; it calls whichever factory it is given (fastify/lib/schema-controller.js).
 */
const zodSchemas = {
  compilersFactory: { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler },
} as unknown as FastifyServerOptions['schemaController'];

/** Builds the whole shop without listening, so tests drive it through `app.inject`. */
export async function buildApp({ config, database, pages = false, clock = () => new Date(), jobs: jobsTuning = {}, logStream, deferWorkers = false }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, serializers: { req: requestLogFields }, ...(logStream ? { stream: logStream } : {}) },
    // One log line per request, written when it ends (below), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    genReqId: requestIdOf,
    // Long enough for slow phones on Indian mobile networks, short enough to shed dead connections.
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    // Loading the page build (megabytes of modules) took more than Fastify's default 10 s on a busy two-core
    // machine, and the shop then refused to start: a slow start is better than none.
    pluginTimeout: 120_000,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    // Behind a reverse proxy every request comes from the proxy; only a configured one may name the client.
    trustProxy: trustProxyOf(config.trustProxy),
    schemaController: zodSchemas,
  }).withTypeProvider<ZodTypeProvider>();

  registerRequestLog(app);
  const metrics = new ShopMetrics();
  app.decorate('metrics', metrics);
  registerMetrics(app, metrics, config.metricsToken);
  const { cspWithHashes } = registerSecurityHeaders(app, {
    development: pages === 'development',
    analytics: { ga4: config.analyticsTags.ga4MeasurementId !== null, meta: config.analyticsTags.metaPixelId !== null },
  });
  registerErrorHandling(app);
  // Pages and other dynamic responses are compressed as they stream; cached catalogue JSON arrives
  // already compressed and is left alone (it carries its own Content-Encoding).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  const jobs = await openShopJobs(database, jobsTuning, { runsWorkers: config.jobsInWeb, onError: (error) => app.log.error({ err: error }, 'job queue error') });
  const uploads = uploadStorageOf(config);
  const bus = new CacheBus(database, (error) => app.log.warn({ err: error }, 'cache announcement failed'));
  const services = createServices(database, await withSandboxSecret(config, database.db), jobs, clock, bus);
  // The product feeds follow the catalogue, prices, stock and promotions: any announcement makes them again.
  const feeds = new FeedService(database.db, services.promotions, {
    shop: FEED_SHOP(shopUrlOf(config)),
    ttlMs: FEED_TTL_MS,
    clock,
  });
  // Pages show the catalogue and the festivals, so any announcement clears them; only production caches pages.
  const pageCache =
    pages === 'production' && config.pageCacheTtlMs > 0 ? new PageCache({ ttlMs: config.pageCacheTtlMs, maxEntries: PAGE_CACHE_PAGES, maxBytes: config.pageCacheMaxBytes }) : undefined;
  bus.subscribe((topic) => {
    if (topic === 'catalogue') services.catalogue.forget();
    if (topic === 'catalogue') services.searchSynonyms.forget();
    if (topic === 'shipping') services.shipping.forget();
    if (topic === 'promotions') services.promotions.forget();
    pageCache?.invalidate();
    feeds.forget();
  });
  await bus.start();
  app.addHook('preClose', () => bus.stop());
  app.decorate('cacheBus', bus);
  app.decorate('uploads', uploads);
  // Festival writes change the banner and prices every storefront page shows; they say so after they succeed.
  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400 && request.url.startsWith('/api/admin/festivals')) bus.announce('festivals');
  });
  // The workers stop before the database closes (main.ts closes it in a later onClose hook).
  let workers: ReturnType<typeof startShopWorkers> | undefined;
  // A start that is asked to stop before its workers began never begins them (main.ts starts them late).
  let closing = false;
  const startWorkers = async () => {
    if (config.jobsInWeb && !closing) await (workers ??= startShopWorkers(jobs, database, config, jobsTuning, services.cod, services.courierJobs, services.cartRecovery));
  };
  app.decorate('startWorkers', startWorkers);
  // A stop during the workers' start waits for it, then stops them with the queue.
  app.addHook('onClose', async () => {
    closing = true;
    const started = await workers?.catch(() => undefined);
    await (started ?? jobs).stop();
  });
  if (!deferWorkers) await startWorkers();
  app.decorate('services', services);
  // The courier retries anything but a 200, so what the shop cannot use is answered 200 and shows up here instead.
  services.courierWebhook.onIgnored = (reason, detail) => {
    metrics.courierWebhookIgnored.inc({ reason });
    app.log.warn({ reason, detail }, 'courier webhook event ignored');
  };
  const routeList: FastifyInstance['routeList'] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeList.push({ method, url: route.url, schema: route.schema });
  });
  // Before any route: sets request.user and makes every /api/admin/* route admin-only as it is added.
  registerAuthentication(app, services.accounts);
  // Also before any route: the OpenAPI document is made of the routes as they are added (server/http/openapi.ts).
  await registerOpenApi(app, { version: packageJson.version, publicUrl: config.publicUrl });

  await services.notificationHub.start();
  const openStreams = new Set<() => void>();
  const backups = backupStoreOf(config);
  app.addHook('onClose', () => backups.close());
  metrics.watch({ database, openStreams: () => openStreams.size, lastBackupAt: newestBackupAt(backups) });
  const whatsappMetrics = registerWhatsAppMetrics(metrics.registry, config.whatsapp ? () => whatsappHealth(database.db, true) : null);
  app.addHook('preClose', async () => {
    for (const close of [...openStreams]) close();
    await services.notificationHub.stop();
  });

  await app.register(
    async (api) => {
      sendApiNotFound(api);
      await api.register(apiDocsRoutes);
      await api.register(healthRoutes(database, () => whatsappHealth(database.db, Boolean(config.whatsapp)).then((whatsapp) => ({ whatsapp }))));
      await api.register(productRoutes(services.catalogue));
      await api.register(synonymAdminRoutes(services.searchSynonyms, services.catalogue));
      const counter = new RateCounter(database.db);
      const couponCheckLimit = addressLimit(counter, 'coupon-check', { max: config.couponValidationRateLimit, windowMs: 10 * 60_000 }, 'coupon checks');
      const registrationLimit = addressLimit(counter, 'register', { max: config.registrationRateLimit, windowMs: 60 * 60_000 }, 'new accounts');
      await api.register(services.modules.promotions.routes({ couponCheckLimit, cart: services.cart }));
      await api.register(cartRoutes(services.cart));
      // Every sign-in's steps, the shop's and the back office's (docs/decisions/0063, 0071).
      const twoFactor = new TwoFactor(database.db, clock);
      const staffSettings = new StaffSettings(database.db, config.demoMode);
      const signInThrottle = new LoginThrottle(counter);
      const signInSteps = new SignInSteps(database.db, services.accounts, twoFactor, signInThrottle, staffSettings, clock);
      await api.register(authRoutes(services.accounts, services.passwordRecovery, services.emailOwnership, () => demoAdminOf(config), registrationLimit, signInSteps));
      await api.register(twoFactorRoutes(signInSteps, new OwnTwoFactor(database.db, twoFactor, signInThrottle)));
      const signInLimits = {
        address: addressLimit(counter, 'sign-in-send', { max: config.signInSendRateLimit, windowMs: SIGN_IN_SEND_WINDOW_MS }, 'sign-in codes and links'),
        destination: keyLimit(
          counter,
          'sign-in-send:destination',
          { max: SIGN_IN_SENDS_PER_DESTINATION, windowMs: SIGN_IN_SEND_WINDOW_MS },
          (wait) => `We have sent as many codes and links there as an hour allows. Please try again in ${wait}.`,
        ),
      };
      const passwordless = new PasswordlessSignIn(
        database.db,
        services.accounts,
        services.smsOutbox,
        services.accountMail,
        new CodeDigests(new SecretSigner(database.db, 'sign-in-codes')),
        signInLimits,
        clock,
      );
      await api.register(signInRoutes(passwordless, signInSteps));
      // The back office's door and staff (docs/decisions/0062, 0063).
      const refundLimits = refundLimitsOf(database.db, staffSettings);
      await api.register(
        staffRoutes({
          db: database.db,
          accounts: services.accounts,
          signIn: signInSteps,
          directory: new StaffDirectory(database.db, services.outbox, twoFactor, clock),
          settings: staffSettings,
          twoFactor,
        }),
      );
      await api.register(adminUserRoutes(services.adminUsers));
      await api.register(notificationRoutes({ hub: services.notificationHub, notifications: services.notifications, accounts: services.accounts, open: openStreams, perSession: new Map() }));
      await api.register(adminDashboardRoutes(services.adminDashboard));
      await api.register(analyticsRoutes(services.analytics));
      // Gift card codes: one allowance per account and one per address, for checks and checkouts alike.
      const giftCardCodeLimit = { max: config.giftCardCodeRateLimit, windowMs: 10 * 60_000 };
      const giftCardAccountLimit = keyLimit(counter, 'gift-card-code:customer', giftCardCodeLimit, (wait) => `Too many gift card codes tried. Please try again in ${wait}.`);
      const giftCardAddressLimit = addressLimit(counter, 'gift-card-code', giftCardCodeLimit, 'gift card codes tried');
      const giftCardTries = async (userId: string, address: string) => {
        await giftCardAccountLimit(userId);
        await giftCardAddressLimit(address);
      };
      await api.register(balanceRoutes(services.balances, giftCardTries));
      await api.register(balanceAdminRoutes(services.balances));
      await api.register(orderSourceRoutes(services.orderSources));
      // One allowance per customer for every kind of order attempt, prepaid or cash on delivery.
      const paymentOrderLimit = keyLimit(
        counter,
        'payment-order:customer',
        { max: config.paymentOrderRateLimit, windowMs: PAYMENT_ORDER_WINDOW_MS },
        (wait) => `Too many payment attempts. Please try again in ${wait}.`,
      );
      const { modules } = services;
      await api.register(modules.payments.routes({ checkout: services.checkout, orders: services.orders, paymentOrderLimit, giftCardTries, orderSources: services.orderSources }));
      await api.register(modules.cashOnDelivery.routes({ orders: services.orders, paymentOrderLimit, giftCardTries, orderSources: services.orderSources }));
      await api.register(modules.orders.routes({ refunds: services.refunds, refundLimit: refundLimits.order }));
      await api.register(giftCardSaleRoutes(services.giftCardSales, services.orders));
      await api.register(giftCardRefundRoutes(services.cardRefunds, services.balances, refundLimits.order));
      await api.register(modules.returns.routes({ refundLimit: refundLimits.ofReturn }));
      await api.register(taxDocumentRoutes(services.taxDocumentFiles));
      await api.register(modules.refunds.routes({ refundLimit: refundLimits.ofOfflineRefund }));
      await api.register(reviewRoutes(services.reviews));
      await api.register(reviewAdminRoutes(services.reviewAdmin));
      await api.register(profileRoutes(services.profile, clock));
      await api.register(addressBookRoutes(new AddressBook(database.db)));
      await api.register(wishlistRoutes(services.wishlist));
      await api.register(finderRoutes(new FinderService(database.db, services.catalogue)));
      await api.register(privacyRoutes({ db: database.db, consents: services.consents, erasure: services.erasure, clock }));
      // Each public form has its own allowance per address and minute.
      const publicFormLimit = (form: string) => addressLimit(counter, form, { max: config.publicFormRateLimit, windowMs: 60_000 }, 'submissions of this form');
      await api.register(storefrontRoutes(services.storefront, publicFormLimit));
      await api.register(stockWaitlistRoutes(services.stockWaitlist, publicFormLimit));
      await api.register(cookieConsentRoutes({ db: database.db, clock, secure: shopUrlOf(config).startsWith('https:'), limit: publicFormLimit }));
      await api.register(adminProductRoutes(services.adminProducts));
      const returnPhotoLimit = keyLimit(
        counter,
        'return-photos:customer',
        { max: config.returnPhotoDailyLimit, windowMs: RETURN_PHOTO_KEPT_MS },
        (wait) => `You have uploaded as many photos as a day allows. Please try again in ${wait}.`,
      );
      await api.register(uploadRoutes({ storage: uploads, db: database.db, returnPhotoLimit }));
      await api.register(auditRoutes(services.audit));
      // The daily backup runs only where the shop holds its database (shop-jobs.ts).
      await api.register(backupRoutes({ store: backups, dailyAt: database.driver === 'pglite' ? config.backups.dailyAt : null }, clock));
      await api.register(storefrontAdminRoutes(services.storefrontInbox, clock));
      await api.register(emailAdminRoutes(services.emailLog));
      await api.register(smsAdminRoutes(new SmsLog(database.db)));
      await api.register(whatsappRoutes(services.whatsappPreferences, new WhatsAppLog(database.db, Boolean(config.whatsapp)), Boolean(config.whatsapp)));
      const whatsappWebhook = services.whatsapp && config.whatsapp ? new WhatsAppWebhook(database.db, services.whatsapp, services.cod, services.shipments, config.whatsapp, clock) : null;
      // Meta retries anything but a 2xx, so what the shop cannot use is answered 200 and shows up here instead.
      if (whatsappWebhook) {
        whatsappWebhook.onIgnored = (reason, detail) => {
          whatsappMetrics.webhookIgnored.inc({ reason });
          app.log.warn({ reason, detail }, 'whatsapp webhook event ignored');
        };
      }
      await api.register(whatsappWebhookRoutes(whatsappWebhook));
      await api.register(gstReportRoutes(services.gstReports));
      await api.register(shippingRoutes(services.shipping));
      await api.register(shippingAdminRoutes(services.shipping));
      await api.register(courierWebhookRoutes(services.courierWebhook));
      await api.register(shipmentRoutes(services.shipments));
      await api.register(shipmentAdminRoutes(services.shipments));
      await api.register(unsubscribeRoutes(services.mailingLists));
      await api.register(keptCartRoutes(services.keptCarts, services.cartRecovery));
      await api.register(recoveryAdminRoutes(new RecoveryReport(database.db, services.cartRecovery)));
    },
    { prefix: '/api' },
  );
  await app.register(uploadedFileRoutes(uploads));
  await app.register(feedRoutes(feeds, { token: config.feedToken }));

  if (pages) {
    await registerPages(app, {
      mode: pages,
      shop: shopApiOf(services, clock, config),
      publicUrl: config.publicUrl,
      cache: pageCache,
      cspWithHashes,
      countCache: (request, outcome) => metrics.pageCache.inc({ page: routeLabel(request), outcome }),
      databaseUp: database.ping,
    });
  }
  return app;
}
