import { gstReportQuerySchema } from '../../contracts/gst-report.ts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardQuerySchema } from '../../contracts/admin-dashboard.ts';
import { messageListQuerySchema } from '../../contracts/admin-messages.ts';
import { smsListQuerySchema } from '../../contracts/admin-sms.ts';
import { recoveryReportQuerySchema } from '../../contracts/cart-recovery.ts';
import { whatsappHandshakeQuerySchema, whatsappListQuerySchema } from '../../contracts/whatsapp.ts';
import { ticketLookupQuerySchema } from '../../contracts/grievances.ts';
import { adminProductListQuerySchema } from '../../contracts/admin-products.ts';
import { adminUserListQuerySchema } from '../../contracts/admin-users.ts';
import { analyticsQuerySchema } from '../../contracts/analytics.ts';
import { attributionQuerySchema } from '../../contracts/attribution.ts';
import { auditListQuerySchema } from '../../contracts/audit.ts';
import { unsubscribeQuerySchema } from '../../contracts/mailing-lists.ts';
import { notificationListQuerySchema } from '../../contracts/notifications.ts';
import { adminReturnListQuerySchema } from '../../contracts/returns.ts';
import { adminOrderListQuerySchema } from '../../contracts/orders.ts';
import { productListQuerySchema } from '../../contracts/products.ts';
import { serviceabilityQuerySchema } from '../../contracts/shipping.ts';
import { shipmentQueueQuerySchema } from '../../contracts/shipments.ts';
import { adminReviewListQuerySchema, productReviewsQuerySchema } from '../../contracts/reviews.ts';
import { giftCardLookupQuerySchema } from '../../contracts/balances.ts';
import { registerCustomer, signInAdmin } from './accounts.ts';
import { contentsOf } from './database-contents.ts';
import { startTestShop, type TestShop } from './test-app.ts';

/**
 * Every API input, malformed on purpose: NUL characters, unpaired surrogates, ids past a PostgreSQL integer,
 * values of the wrong type, at every field of a valid body, in every path parameter and query string. Not one
 * may answer 500, and a write refused must change nothing. Seeded, so a failure replays.
 *
 * The routes are fuzzed in a few groups, one test file each (`server/http/malformed-input*.api.test.ts`), so two
 * test workers share the work; `malformed-input.api.test.ts` checks that the groups cover every API route.
 */
const RUNS = 300;
const SEED = 19_2026;
export const SAMPLE_UUID = '00000000-0000-4000-8000-000000000000';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface WriteSpec {
  /** A body this endpoint accepts; each case spoils one field of it (or replaces it whole). */
  body?: Record<string, Json>;
  /** Sample values for the path parameters, used while the body is what is spoiled. */
  params?: Record<string, string>;
}

const address = { street: '12 Moonlit Lane', city: 'Pune', state: 'Maharashtra', zipCode: '411001', country: 'India' };
const customerInfo = { name: 'Mira Night', email: 'mira@deosil.test', phone: '+91 98765 43210' };
const promotion = {
  name: 'New Moon offer',
  code: 'MOONGIFT',
  conditions: [{ type: 'minimum-subtotal', amount: 1499 }],
  actions: [{ type: 'order-percent', percent: 10, maximum: 200 }],
  combinable: true,
  priority: 2,
  startsAt: '2026-11-01T00:00:00.000Z',
  endsAt: '2026-12-01T00:00:00.000Z',
  usageLimit: 100,
  perCustomerLimit: 1,
};
const festival = {
  name: 'Samhain Night',
  description: 'The veil is thin',
  bannerImage: '/images/samhain.webp',
  startDate: '2026-10-25T00:00:00.000Z',
  endDate: '2026-11-02T00:00:00.000Z',
  priority: 3,
  festivalCode: 'VEIL10',
  couponType: 'percentage',
  discountPercentage: 10,
  minimumOrderAmount: 500,
  maxDiscountAmount: 300,
  usageLimit: 100,
  backgroundColor: '#1a1a1a',
  textColor: '#ffffff',
  ctaText: 'Shop Now',
  ctaLink: '/products',
  isActive: true,
};
const productForm = {
  name: 'Night Bloom',
  category: 'floral',
  price: 1299,
  description: 'Jasmine at midnight',
  longDescription: 'A long tale',
  inventory: 12,
  isSignature: false,
  image: '/images/potions/night-bloom.webp',
  images: ['/images/potions/night-bloom.webp'],
  sizes: [{ size: '50ml', price: 1299, inStock: true }],
  notes: { top: ['Jasmine'], heart: ['Rose'], base: ['Musk'] },
  effect: 'Calm',
  ingredients: 'Jasmine oil',
  usage: 'Wrists',
};
const shippingZone = { label: 'Mysuru', pins: '570', zone: 'metro', deliveryDays: 3, codAllowed: true, codFee: 49 };

/** The write contracts: every POST, PUT, PATCH and DELETE that reads a body or path parameters. */
export const writes: Record<string, WriteSpec> = {
  'POST /api/coupons/validate': { body: { couponCode: 'MOON10', orderAmount: 1500 } },
  'POST /api/cart/quote': { body: { items: [{ productId: 1, size: '50ml', quantity: 1 }], couponCode: 'MOON10' } },
  'POST /api/auth/register': {
    body: { name: 'Mira', email: 'new@deosil.test', password: 'Moonlight7!', confirmPassword: 'Moonlight7!', birthSign: 'Leo', preferences: { favoriteScents: ['Rose'], intensityPreference: 'soft', budgetRange: 'any' } },
  },
  'POST /api/auth/login': { body: { email: 'mira@deosil.test', password: 'Moonlight7!' } },
  'POST /api/auth/login/second-factor': { body: { challenge: 'x'.repeat(43), code: '123456' } },
  'POST /api/auth/two-factor/confirm': { body: { code: '123456' } },
  'POST /api/auth/two-factor/off': { body: { password: 'Moonlight7!', code: '123456' } },
  'POST /api/auth/forgot-password': { body: { email: 'mira@deosil.test' } },
  'POST /api/auth/reset-password': { body: { token: 'x'.repeat(43), password: 'Moonlight7!', confirmPassword: 'Moonlight7!' } },
  'POST /api/auth/verify-email': { body: { token: 'x'.repeat(43) } },
  'POST /api/auth/sign-in/code': { body: { phone: '+91 98765 43210' } },
  'POST /api/auth/sign-in/code/verify': { body: { phone: '9876543210', code: '123456', name: 'Mira', email: 'mira@deosil.test' } },
  'POST /api/auth/sign-in/link': { body: { email: 'mira@deosil.test', returnTo: '/checkout' } },
  'POST /api/auth/sign-in/link/redeem': { body: { token: 'x'.repeat(43), name: 'Mira' } },
  'POST /api/addresses': { body: { label: 'Home', firstName: 'Mira', lastName: 'Night', phone: '9876543210', street: '12 Moonlit Lane', city: 'Pune', state: 'Maharashtra', zipCode: '411001', country: 'India', isDefault: true } },
  'PUT /api/addresses/:id': { params: { id: SAMPLE_UUID }, body: { label: 'Home', firstName: 'Mira', lastName: 'Night', phone: '9876543210', street: '12 Moonlit Lane', city: 'Pune', state: 'Maharashtra', zipCode: '411001', country: 'India', isDefault: true } },
  'DELETE /api/addresses/:id': { params: { id: SAMPLE_UUID } },
  'PUT /api/cart': { body: { items: [{ productId: 1, size: '50ml', quantity: 2 }] } },
  'POST /api/cart/merge': { body: { items: [{ productId: 1, size: '50ml', quantity: 2 }] } },
  'POST /api/cart/restore': { body: { token: 'x'.repeat(43) } },
  'POST /api/newsletter/confirm': { body: { token: 'x'.repeat(43) } },
  'PUT /api/wishlist/:productId': { params: { productId: '1' } },
  'PATCH /api/wishlist/:productId/alerts': { params: { productId: '1' }, body: { alerts: true } },
  'DELETE /api/wishlist/:productId': { params: { productId: '1' } },
  'POST /api/finder/recommendations': { body: { families: ['smoky'], intensity: 'strong', occasion: 'ritual', budget: 'any', birthSign: 'Leo' } },
  'PUT /api/profile/finder-answers': { body: { families: ['smoky'], intensity: 'strong', occasion: 'ritual', budget: 'any', birthSign: 'Leo' } },
  'POST /api/waitlist': { body: { productId: 1, email: 'mira@deosil.test', size: '50ml' } },
  'PUT /api/auth/me': { body: { name: 'Mira', email: 'mira@deosil.test', phone: '9876543210', address: 'Pune', favoriteIngredient: 'Rose', preferences: { newsletter: true } } },
  'PUT /api/auth/password': { body: { currentPassword: 'Moonlight7!', newPassword: 'Starlight8!', confirmPassword: 'Starlight8!' } },
  'POST /api/admin/login': { body: { email: 'keeper@deosil.test', password: 'keeper-secret-13' } },
  'PUT /api/admin/users/:id/status': { params: { id: SAMPLE_UUID }, body: { status: 'banned' } },
  'POST /api/admin/login/second-factor': { body: { challenge: 'x'.repeat(43), code: '123456' } },
  'POST /api/admin/login/enrolment': { body: { challenge: 'x'.repeat(43) } },
  'POST /api/admin/login/enrolment/confirm': { body: { challenge: 'x'.repeat(43), code: '123456' } },
  'POST /api/admin/two-factor/confirm': { body: { code: '123456' } },
  'POST /api/admin/staff/invitations': { body: { email: 'packer@deosil.test', name: 'Kabir', role: 'no-such-role' } },
  'POST /api/admin/staff/roles': { body: { key: 'packer-plus', name: 'Packer plus', permissions: ['orders.read', 'orders.fulfil'] } },
  'PUT /api/admin/staff/:id/role': { params: { id: SAMPLE_UUID }, body: { role: 'support' } },
  'PUT /api/admin/staff/:id/status': { params: { id: SAMPLE_UUID }, body: { status: 'suspended' } },
  'DELETE /api/admin/staff/:id': { params: { id: SAMPLE_UUID } },
  'POST /api/admin/staff/:id/two-factor-reset': { params: { id: SAMPLE_UUID } },
  'PUT /api/admin/staff/settings': { body: { requireTwoFactor: false, supportRefundLimit: 2000 } },
  'POST /api/admin/invitations/open': { body: { token: 'x'.repeat(43) } },
  'POST /api/admin/invitations/accept': { body: { token: 'x'.repeat(43), password: 'Moonlight-13' } },
  'POST /api/admin/festivals': { body: festival },
  'PUT /api/admin/festivals/:id': { params: { id: '999999' }, body: festival },
  'DELETE /api/admin/festivals/:id': { params: { id: '999999' } },
  'PATCH /api/admin/festivals/:id/toggle': { params: { id: '999999' } },
  'POST /api/admin/promotions': { body: promotion },
  'PUT /api/admin/promotions/:id': { params: { id: '999999' }, body: { ...promotion, version: 1 } },
  'PATCH /api/admin/promotions/:id/paused': { params: { id: '999999' }, body: { paused: true } },
  'POST /api/admin/promotions/preview': { body: { promotion, items: [{ productId: 1, size: '50ml', quantity: 2 }] } },
  'PUT /api/admin/search-synonyms': { body: { text: 'attar, ittar\nsandalwood, chandan' } },
  'POST /api/privacy/cookie-consent': { body: { analytics: true, marketing: false } },
  'PUT /api/notifications/:id/read': { params: { id: SAMPLE_UUID } },
  'DELETE /api/notifications/:id': { params: { id: SAMPLE_UUID } },
  'PUT /api/admin/notifications/:id/read': { params: { id: SAMPLE_UUID } },
  'DELETE /api/admin/notifications/:id': { params: { id: SAMPLE_UUID } },
  'POST /api/admin/notifications': { body: { userId: SAMPLE_UUID, type: 'system', priority: 'low', title: 'Stock check', message: 'Count the vials', actionUrl: '/admin/products' } },
  'POST /api/payments/razorpay/create-payment-order': { body: { items: [{ productId: 1, size: '50ml', quantity: 1 }], couponCode: 'MOON10', customerInfo, shippingAddress: address, giftCardCodes: ['ABCD-EFGH-JKLM-NPQR'], useStoreCredit: false } },
  'POST /api/payments/razorpay/verify-and-create-order': { body: { razorpay_order_id: 'order_ABCDEFGHIJKLMN', razorpay_payment_id: 'pay_ABCDEFGHIJKLMN', razorpay_signature: 'a'.repeat(64) } },
  'POST /api/payments/razorpay/release-hold': { body: { razorpay_order_id: 'order_ABCDEFGHIJKLMN' } },
  'POST /api/payments/sandbox/pay': { body: { razorpay_order_id: 'order_ABCDEFGHIJKLMN', outcome: 'success' } },
  'PUT /api/admin/orders/:orderId/status': { params: { orderId: 'DP-0000000' }, body: { status: 'shipped', note: 'On its way' } },
  'PUT /api/admin/orders/:orderId/tracking': { params: { orderId: 'DP-0000000' }, body: { trackingNumber: 'TRK123', carrier: 'DHL', estimatedDelivery: '2026-12-01', notes: 'Fragile' } },
  'POST /api/admin/orders/:orderId/refund': { params: { orderId: 'DP-0000000' } },
  'POST /api/payments/cod/eligibility': { body: { items: [{ productId: 1, size: '50ml', quantity: 1 }], couponCode: 'MOON10', customerInfo, shippingAddress: address } },
  'POST /api/payments/cod/place-order': { body: { items: [{ productId: 1, size: '50ml', quantity: 1 }], couponCode: 'MOON10', customerInfo, shippingAddress: address } },
  'POST /api/orders/:orderId/confirm-cod': { params: { orderId: 'DP-0000000' }, body: { token: 'a'.repeat(64) } },
  'POST /api/admin/orders/:orderId/cod-collected': { params: { orderId: 'DP-0000000' } },
  'POST /api/admin/orders/:orderId/rto': { params: { orderId: 'DP-0000000' }, body: { note: 'Refused at the door' } },
  'PUT /api/orders/:orderId/refund-upi': { params: { orderId: 'DP-0000000' }, body: { upiId: 'priya.sharma@okaxis' } },
  'POST /api/admin/offline-refunds/:refundId/paid': { params: { refundId: '999999' }, body: { method: 'upi', reference: '412345678901', paidOn: '2026-11-23' } },
  'POST /api/orders/:orderId/returns': {
    params: { orderId: 'DP-0000000' },
    body: { lines: [{ orderItemId: 1, quantity: 1 }], reason: 'damaged-or-leaking', note: 'Cap cracked', photos: [`/uploads/${'a'.repeat(32)}.png`], refundTo: 'store-credit' },
  },
  'POST /api/orders/:orderId/cancel': { params: { orderId: 'DP-0000000' }, body: { refundTo: 'store-credit' } },
  'PUT /api/admin/returns/:id': { params: { id: '999999' }, body: { action: 'receive', restock: true, note: 'Seal intact' } },
  'POST /api/reviews': { body: { productId: 1, title: 'Lovely', comment: 'Smells of moonlight', rating: 5, ratings: { potency: 5, longevity: 4, aura: 5, effectiveness: 4 } } },
  'PUT /api/reviews/:id': { params: { id: '999999' }, body: { title: 'Lovely', comment: 'Smells of moonlight', rating: 5, ratings: { potency: 5, longevity: 4, aura: 5, effectiveness: 4 } } },
  'DELETE /api/reviews/:id': { params: { id: '999999' } },
  'POST /api/reviews/:id/helpful': { params: { id: '999999' } },
  'PUT /api/admin/reviews/:id/status': { params: { id: '999999' }, body: { status: 'approved' } },
  'DELETE /api/admin/reviews/:id': { params: { id: '999999' } },
  'POST /api/profile/product-views': { body: { productId: 1 } },
  'PUT /api/profile/whatsapp': { body: { optedIn: false, phone: '+91 98765 43210', from: 'profile' } },
  'POST /api/newsletter': { body: { email: 'mira@deosil.test' } },
  'POST /api/contact': { body: { name: 'Mira', email: 'mira@deosil.test', subject: 'Hello', message: 'A question about vials' } },
  'POST /api/products': { body: productForm },
  'PUT /api/products/:id': { params: { id: '999999' }, body: productForm },
  'DELETE /api/products/:id': { params: { id: '999999' } },
  'PATCH /api/products/:id/inventory': { params: { id: '999999' }, body: { adjust: 2 } },
  'POST /api/admin/shipping/zones': { body: shippingZone },
  'PUT /api/admin/shipping/zones/:id': { params: { id: '999999' }, body: shippingZone },
  'DELETE /api/admin/shipping/zones/:id': { params: { id: '999999' } },
  'POST /api/orders/:orderId/shipments/:shipmentId/ndr': { params: { orderId: 'DP-NONE', shipmentId: '999999' }, body: { action: 're-attempt', preferredDate: '2026-11-30', phone: '9876543210' } },
  'POST /api/admin/shipments': { body: { orderIds: ['DP-NONE'] } },
  'POST /api/admin/orders/:orderId/shipments': { params: { orderId: 'DP-NONE' }, body: { lines: [{ orderItemId: 1, quantity: 1 }], courierName: 'Delhivery', awb: 'AWB123456' } },
  'POST /api/admin/shipments/pickup': { body: { shipmentIds: [999999] } },
  'POST /api/admin/shipments/labels': { body: { shipmentIds: [999999] } },
  'POST /api/admin/shipments/packing-slips': { body: { shipmentIds: [999999] } },
  'POST /api/admin/shipments/manifest': { body: { shipmentIds: [999999] } },
  'POST /api/admin/shipments/:shipmentId/cancel': { params: { shipmentId: '999999' } },
  'PUT /api/admin/shipments/:shipmentId/status': { params: { shipmentId: '999999' }, body: { status: 'delivered', note: 'Courier called' } },
  'POST /api/admin/shipments/:shipmentId/ndr': { params: { shipmentId: '999999' }, body: { action: 'return' } },
  'POST /api/admin/shipping/holidays': { body: { day: '2026-11-27', name: 'Guru Nanak Jayanti' } },
  'DELETE /api/admin/shipping/holidays/:day': { params: { day: '2031-01-01' } },
  'PATCH /api/admin/contact-messages/:id': { params: { id: '999999' }, body: { status: 'resolved', resolutionNote: 'Replaced the bottle' } },
  'PUT /api/privacy/consents/:purpose': { params: { purpose: 'newsletter' }, body: { granted: false } },
  'POST /api/privacy/erase-account': { body: { password: 'not-the-password' } },
  'POST /api/admin/users/:id/erase': { params: { id: SAMPLE_UUID }, body: { reference: 'E-mail of 27 Nov 2026' } },
  'POST /api/gift-cards/check': { body: { code: 'ABCD-EFGH-JKLM-NPQR' } },
  'POST /api/admin/gift-cards': { body: { amount: 1000, recipientName: 'Ananya Rao', recipientEmail: 'ananya@deosil.test', reason: 'Prize at the market' } },
  'POST /api/admin/gift-cards/:id/void': { params: { id: '999999' }, body: { reason: 'Reported stolen' } },
  'POST /api/admin/gift-cards/:id/refund': { params: { id: '999999' }, body: { reason: 'Bought by mistake' } },
  'POST /api/admin/store-credit': { body: { email: 'nobody@deosil.test', amount: 100, reason: 'Parcel arrived late' } },
};

/** The read endpoints that take input: their query strings come from their contracts, their path parameters here. */
export const reads: Record<string, { query?: string[]; params?: string[] }> = {
  'GET /api/products': { query: Object.keys(productListQuerySchema.shape) },
  'GET /api/products/:id': { params: ['id'] },
  'GET /api/admin/users': { query: Object.keys(adminUserListQuerySchema.shape) },
  'GET /api/admin/users/:id': { params: ['id'] },
  'GET /api/notifications': { query: Object.keys(notificationListQuerySchema.shape) },
  'GET /api/admin/notifications': { query: Object.keys(notificationListQuerySchema.shape) },
  'GET /api/admin/dashboard': { query: Object.keys(dashboardQuerySchema.shape) },
  'GET /api/admin/analytics': { query: Object.keys(analyticsQuerySchema.shape) },
  'GET /api/admin/analytics/sources': { query: Object.keys(attributionQuerySchema.shape) },
  'GET /api/orders/customer/:email': { params: ['email'] },
  'GET /api/orders/:orderId': { params: ['orderId'] },
  'GET /api/orders/:orderId/returns': { params: ['orderId'] },
  'GET /api/admin/returns': { query: Object.keys(adminReturnListQuerySchema.shape) },
  'GET /api/orders/:orderId/invoice.pdf': { params: ['orderId'] },
  'GET /api/orders/:orderId/gift-cards': { params: ['orderId'] },
  'GET /api/admin/reports/gst': { query: Object.keys(gstReportQuerySchema.shape) },
  'GET /api/admin/reports/gst/:part.csv': { params: ['part'], query: Object.keys(gstReportQuerySchema.shape) },
  'GET /api/orders/:orderId/credit-notes/:number.pdf': { params: ['orderId', 'number'] },
  'GET /api/admin/orders': { query: Object.keys(adminOrderListQuerySchema.shape) },
  'GET /api/admin/orders/:orderId': { params: ['orderId'] },
  'GET /api/reviews/product/:productId': { params: ['productId'], query: Object.keys(productReviewsQuerySchema.shape) },
  'GET /api/admin/reviews': { query: Object.keys(adminReviewListQuerySchema.shape) },
  'GET /api/admin/products': { query: Object.keys(adminProductListQuerySchema.shape) },
  'GET /api/admin/audit': { query: Object.keys(auditListQuerySchema.shape) },
  'GET /api/admin/contact-messages': { query: Object.keys(messageListQuerySchema.shape) },
  'GET /api/contact/tickets/:ticketNumber': { params: ['ticketNumber'], query: Object.keys(ticketLookupQuerySchema.shape) },
  'GET /api/admin/newsletter-subscribers': { query: Object.keys(messageListQuerySchema.shape) },
  'GET /api/admin/emails': { query: Object.keys(messageListQuerySchema.shape) },
  'GET /api/admin/emails/:id': { params: ['id'] },
  'GET /api/admin/sms': { query: Object.keys(smsListQuerySchema.shape) },
  'GET /api/admin/recovery': { query: Object.keys(recoveryReportQuerySchema.shape) },
  'GET /api/admin/whatsapp': { query: Object.keys(whatsappListQuerySchema.shape) },
  'GET /api/whatsapp/webhook': { query: Object.keys(whatsappHandshakeQuerySchema.shape) },
  'GET /api/shipping/serviceability': { query: Object.keys(serviceabilityQuerySchema.shape) },
  'GET /api/orders/:orderId/shipments': { params: ['orderId'] },
  'GET /api/admin/shipments': { query: Object.keys(shipmentQueueQuerySchema.shape) },
  'GET /api/admin/shipments/:shipmentId': { params: ['shipmentId'] },
  'POST /api/email/unsubscribe': { query: Object.keys(unsubscribeQuerySchema.shape) },
  'GET /api/email/unsubscribe': { query: Object.keys(unsubscribeQuerySchema.shape) },
  'GET /api/docs/assets/:name': { params: ['name'] },
  'GET /api/admin/gift-cards': { query: Object.keys(giftCardLookupQuerySchema.shape) },
};

/** Routes with no input to spoil (no body contract, no parameters, no query), or not JSON at all. */
export const withoutInput = new Set([
  'GET /api/health',
  'GET /api/privacy/consents',
  'GET /api/privacy/my-data.json',
  'GET /api/privacy/my-data.html',
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/ready',
  'GET /api/products/categories',
  'GET /api/products/stats',
  'GET /api/festivals/active',
  'GET /api/auth/me',
  'GET /api/auth/two-factor',
  'POST /api/auth/two-factor',
  'GET /api/addresses',
  'GET /api/profile/finder-answers',
  'GET /api/wishlist',
  'GET /api/cart',
  'POST /api/auth/logout',
  'POST /api/auth/verify-email/resend',
  'GET /api/auth/demo-admin',
  'GET /api/admin/me',
  'POST /api/admin/logout',
  'GET /api/admin/staff',
  'POST /api/admin/two-factor',
  'GET /api/admin/festivals',
  'GET /api/admin/promotions',
  'GET /api/admin/search-synonyms',
  'GET /api/admin/shipping',
  'GET /api/admin/backups',
  'GET /api/notifications/stream',
  'GET /api/admin/notifications/stream',
  'PUT /api/notifications/mark-all-read',
  'DELETE /api/notifications',
  'PUT /api/admin/notifications/mark-all-read',
  'DELETE /api/admin/notifications',
  'GET /api/orders/mine',
  'GET /api/balances',
  'GET /api/profile/achievements',
  'GET /api/profile/orders',
  'GET /api/profile/whatsapp',
  'GET /api/admin/whatsapp/templates',
  'GET /api/admin/newsletter-subscribers.csv',
  // Signed raw bodies and multipart uploads have tests of their own (payments, uploads).
  'POST /api/payments/razorpay/webhook',
  'POST /api/whatsapp/webhook',
  // The courier's webhook takes any body and answers 200 (shipments.api.test.ts spoils it on purpose).
  'POST /api/shipping/shiprocket/webhook',
  'POST /api/shipping/courier-updates',
  'POST /api/admin/uploads',
  'POST /api/uploads/return-photos',
]);

// ── the malformed values ─────────────────────────────────────────────────────────────────────────────────────
const badChar = fc.constantFrom('\u0000', '\uD800', '\uDBFF', '\uDC00', '\uDFFF');
const badString = fc.tuple(fc.string({ maxLength: 12 }), badChar, fc.string({ maxLength: 12 })).map(([a, bad, b]) => a + bad + b);
const hugeInteger = fc.constantFrom(2 ** 31, 2 ** 31 + 1, 2 ** 32, 2 ** 53, Number.MAX_SAFE_INTEGER, 1e21, 1e300, -(2 ** 31) - 1, -1e300);
const wrongShape = fc.constantFrom<Json>(true, false, null, [], [5], {}, { $gt: '' }, '0x10', '1e3', 'NaN', ' ');

/** A value of the wrong kind for `valid`: never something the field could accept. */
function spoilerOf(valid: Json): fc.Arbitrary<Json> {
  if (typeof valid === 'string') return fc.oneof(badString, fc.constantFrom<Json>({}, [], [valid], { $ne: valid }), badString.map((bad) => [bad]));
  if (typeof valid === 'number') {
    return Number.isInteger(valid) ? fc.oneof(hugeInteger, badString, fc.constantFrom<Json>({}, [valid], 'x')) : fc.oneof(badString, fc.constantFrom<Json>({}, [valid]));
  }
  if (typeof valid === 'boolean') return fc.oneof(badString, fc.constantFrom<Json>({}, [], 'maybe'));
  return fc.oneof(badString, fc.constantFrom<Json>('x', 42));
}

/** Every path into a body, arrays and objects included, so nested fields are spoilt too. */
function pathsOf(value: Json, prefix: (string | number)[] = []): { path: (string | number)[]; value: Json }[] {
  const here = prefix.length ? [{ path: prefix, value }] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((entry, index) => pathsOf(entry, [...prefix, index]))];
  if (value && typeof value === 'object') return [...here, ...Object.entries(value).flatMap(([key, entry]) => pathsOf(entry, [...prefix, key]))];
  return here;
}

function withValueAt(body: Json, path: (string | number)[], replacement: Json): Json {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(body) ? [...body] : { ...(body as Record<string, Json>) }) as Record<string | number, Json>;
  copy[head!] = withValueAt(copy[head!]!, rest, replacement);
  return copy as Json;
}

const badParam = fc.oneof(
  fc.constantFrom('%00', 'a%00b', '%ED%A0%80', '%ED%BF%BF', '%F0%9F', '2147483648', '99999999999999999999', '-1', '0', '1e3', '0x10', 'true', '%20', '..%2F..', '%27%20or%201%3D1'),
  badString.map((value) => encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '')) + '%00'),
);
const badQueryValue = fc.constantFrom(
  '%00',
  'x%00',
  '%ED%A0%80',
  '%C0%80',
  '%FF',
  '2147483648',
  '99999999999999999999',
  '-99999999999',
  '1e400',
  '-1',
  '0',
  'NaN',
  'Infinity',
  '0x10',
  '',
  '%27',
  '%5B%5D',
  'a'.repeat(5000),
);

export type Case = { url: string; payload?: string };

function writeCases(route: string, spec: WriteSpec): fc.Arbitrary<Case> {
  const [, pattern] = route.split(' ') as [string, string];
  const fill = (params: Record<string, string>) => pattern.replace(/:(\w+)/g, (_match, name: string) => params[name] ?? '1');
  const kinds: fc.Arbitrary<Case>[] = [];
  const body = spec.body;
  if (body) {
    const paths = pathsOf(body);
    const validUrl = fill(spec.params ?? {});
    kinds.push(
      fc
        .constantFrom(...paths)
        .chain(({ path, value }) => spoilerOf(value).map((spoiler) => ({ url: validUrl, payload: JSON.stringify(withValueAt(body, path, spoiler)) }))),
      fc.oneof(wrongShape, badString).map((whole) => ({ url: validUrl, payload: JSON.stringify(whole) })),
    );
  }
  const names = [...pattern.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  if (names.length) {
    kinds.push(
      fc.tuple(fc.constantFrom(...names), badParam).map(([name, bad]) => ({
        url: pattern.replace(/:(\w+)/g, (_match, other: string) => (other === name ? bad : (spec.params?.[other] ?? '1'))),
        ...(body ? { payload: JSON.stringify(body) } : {}),
      })),
    );
  }
  return fc.oneof(...kinds);
}

function readCases(route: string, spec: { query?: string[]; params?: string[] }): fc.Arbitrary<Case> {
  const [, pattern] = route.split(' ') as [string, string];
  const kinds: fc.Arbitrary<Case>[] = [];
  const plain = pattern.replace(/:(\w+)/g, '1');
  if (spec.query?.length) {
    const keys = spec.query;
    kinds.push(
      fc
        .array(fc.tuple(fc.constantFrom(...keys), badQueryValue), { minLength: 1, maxLength: 4 })
        .map((pairs) => ({ url: `${plain}?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}` })),
    );
  }
  if (spec.params?.length) {
    const names = spec.params;
    kinds.push(fc.tuple(fc.constantFrom(...names), badParam).map(([name, bad]) => ({ url: pattern.replace(/:(\w+)/g, (_match, other: string) => (other === name ? bad : '1')) })));
  }
  return fc.oneof(...kinds);
}

// ── the groups, one test file each ────────────────────────────────────────────────────────────────────────
export type RouteGroup = 'shopper' | 'checkout-and-orders' | 'catalogue' | 'back-office-orders' | 'back-office-people';

/** Which file fuzzes `route`: by its path, so a new route falls into a group without a list to keep. */
export function groupOf(route: string): RouteGroup {
  const path = route.split(' ')[1]!;
  if (/^\/api\/admin\/(orders|returns|shipments|shipping|offline-refunds|gift-cards|store-credit|reports)\b/.test(path)) return 'back-office-orders';
  if (/^\/api\/admin\/(products|festivals|promotions|reviews|search-synonyms|analytics|dashboard)\b/.test(path)) return 'catalogue';
  if (path.startsWith('/api/admin/')) return 'back-office-people';
  if (/^\/api\/(products|reviews|wishlist|finder|waitlist)\b/.test(path)) return 'catalogue';
  if (/^\/api\/(cart|coupons|payments|orders|gift-cards|shipping|balances)\b/.test(path)) return 'checkout-and-orders';
  return 'shopper';
}

// ── the shop under test ──────────────────────────────────────────────────────────────────────────────────────
/** Starts a shop with a signed-in customer and admin for the file that calls it (in its `beforeAll`). */
export function shopUnderFuzz() {
  let shop: TestShop;
  let customer: string;
  let admin: string;
  beforeAll(async () => {
    shop = await startTestShop();
    customer = (await registerCustomer(shop)).token;
    admin = await signInAdmin(shop);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const tokenFor = (route: string) => (/ \/api\/admin\/|\/api\/products/.test(route) && !route.startsWith('POST /api/admin/login') ? admin : customer);
  return {
    get shop() {
      return shop;
    },
    /** A digest of every row of the shop's own tables: equal before and after means nothing was written. */
    fingerprint: async () => contentsOf(shop.database, ['public']),
    send(route: string, testCase: Case, ip: number) {
      const method = route.split(' ')[0] as 'POST';
      return shop.app.inject({
        method,
        url: testCase.url,
        headers: { authorization: `Bearer ${tokenFor(route)}`, ...(testCase.payload !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(testCase.payload !== undefined ? { payload: testCase.payload } : {}),
        // A fresh address each time, so per-address limits never stand in for the validation under test.
        remoteAddress: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
      });
    },
  };
}

/** The fuzzing tests for one group of routes: each route gets RUNS seeded malformed inputs. */
export function fuzzRouteGroup(group: RouteGroup): void {
  const fuzz = shopUnderFuzz();
  const inGroup = <T>(entries: Record<string, T>) => Object.entries(entries).filter(([route]) => groupOf(route) === group);
  let address = 0;

  describe(`malformed input on the ${group} routes`, () => {
    it.each(inGroup(writes))(`refuses ${RUNS} malformed inputs to %s with a 4xx and writes nothing`, async (route, spec) => {
      const before = await fuzz.fingerprint();
      await fc.assert(
        fc.asyncProperty(writeCases(route, spec), async (testCase) => {
          const response = await fuzz.send(route, testCase, (address += 1));
          expect(response.statusCode, `${route} ${testCase.url} ${testCase.payload ?? ''} → ${response.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, `${route} ${testCase.url} ${testCase.payload ?? ''} → ${response.body.slice(0, 200)}`).toBeLessThan(500);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      expect(await fuzz.fingerprint()).toEqual(before);
    }, 60_000);

    it.each(inGroup(reads))(`answers ${RUNS} malformed queries to %s without a 5xx and writes nothing`, async (route, spec) => {
      const before = await fuzz.fingerprint();
      await fc.assert(
        fc.asyncProperty(readCases(route, spec), async (testCase) => {
          const response = await fuzz.send(route, testCase, (address += 1));
          expect(response.statusCode, `${route} ${testCase.url} → ${response.body.slice(0, 200)}`).toBeLessThan(500);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      expect(await fuzz.fingerprint()).toEqual(before);
    }, 60_000);
  });
}
