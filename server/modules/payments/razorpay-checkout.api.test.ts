import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/orders.ts';
import { receiptText } from '../../../domain/order-receipt.ts';
import { checkouts, orders } from '../../db/schema/index.ts';
import { paymentSignature } from '../../payments/razorpay-signature.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { createPaymentOrder, verifyPayment } from '../../../tests/support/checkout.ts';
import { startFakeRazorpay } from '../../../tests/support/fake-razorpay.ts';
import { productStock } from '../../../tests/support/product-stock.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { signedWebhook, WEBHOOK_SECRET } from '../../../tests/support/webhooks.ts';
import { PAYMENT_NOT_TAKEN } from './provider-calls.ts';

const credentials = { keyId: 'rzp_test_moonlit', keySecret: 'razorpay-key-secret' };
let fake: Awaited<ReturnType<typeof startFakeRazorpay>>;
let shop: TestShop;

beforeAll(async () => {
  fake = await startFakeRazorpay(credentials);
  shop = await startTestShop({ env: { RAZORPAY_KEY_ID: credentials.keyId, RAZORPAY_KEY_SECRET: credentials.keySecret, RAZORPAY_API_BASE: fake.url, RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET } });
});
afterAll(async () => {
  await shop?.close();
  await fake?.close();
});

const signedBy = (orderId: string, paymentId: string) => ({ razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: paymentSignature(orderId, paymentId, credentials.keySecret) });

async function openCheckout() {
  const customer = await registerCustomer(shop);
  const valor = (await call(shop, 'GET', '/api/products/valor')).body.product as { id: number };
  const created = await createPaymentOrder(shop, customer.token, [{ productId: valor.id, size: '15ml', quantity: 1 }]);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { customer, razorpayOrder: created.body.razorpayOrder as { id: string; amount: number } };
}

describe('checkout with Razorpay keys configured', () => {
  it('creates the payment order at Razorpay and accepts the signature Razorpay Checkout returns', async () => {
    const customer = await registerCustomer(shop);
    const valor = (await call(shop, 'GET', '/api/products/valor')).body.product as { id: number };
    const created = await createPaymentOrder(shop, customer.token, [{ productId: valor.id, size: '15ml', quantity: 1 }]);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ provider: 'razorpay', key: credentials.keyId });
    const razorpayOrder = created.body.razorpayOrder as { id: string; amount: number };
    expect(fake.orders.at(-1)).toMatchObject({ id: razorpayOrder.id, amount: razorpayOrder.amount, currency: 'INR', receipt: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    // What Razorpay Checkout hands the browser: the payment id and the HMAC of order_id|payment_id.
    const paymentId = 'pay_RealisticId001';
    const signature = paymentSignature(razorpayOrder.id, paymentId, credentials.keySecret);
    fake.pay(razorpayOrder.id, paymentId);
    const forged = await verifyPayment(shop, customer.token, { razorpay_order_id: razorpayOrder.id, razorpay_payment_id: paymentId, razorpay_signature: paymentSignature(razorpayOrder.id, paymentId, 'wrong-secret') });
    expect(forged.status).toBe(400);
    const verified = await verifyPayment(shop, customer.token, { razorpay_order_id: razorpayOrder.id, razorpay_payment_id: paymentId, razorpay_signature: signature });
    expect(verified.status).toBe(200);
    expect(verified.body.order as Order).toMatchObject({ paymentProvider: 'razorpay', paymentId, paymentStatus: 'paid', total: razorpayOrder.amount / 100 });
  });

  it('keeps the way the customer paid, as Razorpay reports it, on the order and its receipt', async () => {
    const { customer, razorpayOrder } = await openCheckout();
    fake.pay(razorpayOrder.id, 'pay_PaidByUpi00001', { method: 'upi' });
    const verified = await verifyPayment(shop, customer.token, signedBy(razorpayOrder.id, 'pay_PaidByUpi00001'));
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const order = verified.body.order as Order;
    expect(order).toMatchObject({ paymentMethod: 'upi', paymentStatus: 'paid' });
    expect(receiptText(order, 'Deosil Perfumes')).toContain('Payment: UPI (pay_PaidByUpi00001)');
  });

  it('refunds a cancelled order through Razorpay Refunds, and keeps it waiting when Razorpay refuses', async () => {
    const admin = await signInAdmin(shop);
    const customer = await registerCustomer(shop);
    const valor = (await call(shop, 'GET', '/api/products/valor')).body.product as { id: number };
    const paidOrder = async (paymentId: string) => {
      const created = await createPaymentOrder(shop, customer.token, [{ productId: valor.id, size: '15ml', quantity: 1 }]);
      const razorpayOrder = created.body.razorpayOrder as { id: string; amount: number };
      fake.pay(razorpayOrder.id, paymentId);
      const verified = await verifyPayment(shop, customer.token, { razorpay_order_id: razorpayOrder.id, razorpay_payment_id: paymentId, razorpay_signature: paymentSignature(razorpayOrder.id, paymentId, credentials.keySecret) });
      const order = verified.body.order as Order;
      expect((await call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: admin, body: { status: 'cancelled' } })).status).toBe(200);
      return { order, amount: razorpayOrder.amount };
    };

    const captured = await paidOrder('pay_CapturedRefund1');
    const refunded = await call(shop, 'POST', `/api/admin/orders/${captured.order.orderNumber}/refund`, { token: admin });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(fake.refunds.at(-1)).toMatchObject({ payment_id: 'pay_CapturedRefund1', amount: captured.amount, receipt: captured.order.orderNumber });
    expect(refunded.body.order).toMatchObject({ paymentStatus: 'refunded', refundId: (fake.refunds.at(-1) as { id: string }).id });

    // Razorpay refuses (the payment was refunded from its dashboard meanwhile): its message comes back and the
    // order still waits for its refund.
    const unknown = await paidOrder('pay_DashboardRfnd1');
    fake.refundInDashboard('pay_DashboardRfnd1');
    const refused = await call(shop, 'POST', `/api/admin/orders/${unknown.order.orderNumber}/refund`, { token: admin });
    expect(refused.status).toBe(502);
    expect(refused.body.message).toBe('The refund was not made: The payment has been fully refunded already');
    const after = (await call(shop, 'GET', `/api/admin/orders/${unknown.order.orderNumber}`, { token: admin })).body.order as Order;
    expect(after).toMatchObject({ paymentStatus: 'refund_pending', refundId: null });
  });

  it('captures a payment Razorpay only authorized, for the order\'s amount in INR, before the order is paid', async () => {
    const { customer, razorpayOrder } = await openCheckout();
    const paymentId = 'pay_AuthorizedOnly1';
    fake.pay(razorpayOrder.id, paymentId, { status: 'authorized' });
    const seen = fake.requests.length;
    const verified = await verifyPayment(shop, customer.token, signedBy(razorpayOrder.id, paymentId));
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.order as Order).toMatchObject({ paymentStatus: 'paid', paymentId });
    expect(fake.requests.slice(seen)).toEqual([
      { method: 'GET', path: `/v1/payments/${paymentId}`, body: null },
      { method: 'POST', path: `/v1/payments/${paymentId}/capture`, body: { amount: razorpayOrder.amount, currency: 'INR' } },
    ]);
    expect(fake.payment(paymentId)?.status).toBe('captured');
    // A repeated confirmation finds it captured and captures nothing twice.
    const again = await verifyPayment(shop, customer.token, signedBy(razorpayOrder.id, paymentId));
    expect(again.status).toBe(200);
    expect(fake.requests.filter((request) => request.path.endsWith('/capture'))).toHaveLength(1);
  });

  it('makes a payment Razorpay captured for another amount a refund case, never a paid order', async () => {
    const { customer, razorpayOrder } = await openCheckout();
    fake.pay(razorpayOrder.id, 'pay_OnePaisaOnly01', { amount: 1 });
    const verified = await verifyPayment(shop, customer.token, signedBy(razorpayOrder.id, 'pay_OnePaisaOnly01'));
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.message).toMatch(/did not match the order/);
    const order = verified.body.order as Order;
    expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_pending' });
    expect(order.statusHistory.map((entry) => entry.note).join('\n')).toContain("The payment of ₹0.01 did not match the order's");
  });

  it('leaves a payment authorized for another amount uncaptured, and makes no order of it', async () => {
    const { customer, razorpayOrder } = await openCheckout();
    fake.pay(razorpayOrder.id, 'pay_WrongAuthAmt01', { status: 'authorized', amount: razorpayOrder.amount - 100 });
    const refused = await verifyPayment(shop, customer.token, signedBy(razorpayOrder.id, 'pay_WrongAuthAmt01'));
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual([{ field: 'razorpay_payment_id', message: PAYMENT_NOT_TAKEN }]);
    expect(fake.payment('pay_WrongAuthAmt01')?.status).toBe('authorized');
    const [checkout] = await shop.database.db.select().from(checkouts).where(eq(checkouts.providerOrderId, razorpayOrder.id));
    expect(checkout!.status).toBe('awaiting_payment');
  });

  it('captures a checkout\'s payment on the payment.authorized webhook and makes the order once', async () => {
    const { razorpayOrder } = await openCheckout();
    const paymentId = 'pay_WebhookAuth001';
    fake.pay(razorpayOrder.id, paymentId, { status: 'authorized' });
    const event = { entity: 'event', event: 'payment.authorized', payload: { payment: { entity: { id: paymentId, order_id: razorpayOrder.id, amount: razorpayOrder.amount, currency: 'INR', status: 'authorized' } } } };
    const response = await signedWebhook(shop, event, { eventId: 'evt_authorized_1' });
    expect(response.json()).toEqual({ success: true, outcome: 'processed' });
    expect(fake.payment(paymentId)?.status).toBe('captured');
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.providerOrderId, razorpayOrder.id));
    expect(order).toMatchObject({ paymentStatus: 'paid', providerPaymentId: paymentId, totalPaise: razorpayOrder.amount });
  });

  it('has no sandbox payment route while Razorpay is the provider', async () => {
    const customer = await registerCustomer(shop);
    const response = await call(shop, 'POST', '/api/payments/sandbox/pay', { token: customer.token, body: { razorpay_order_id: 'order_x', outcome: 'success' } });
    expect(response.status).toBe(404);
  });

  it('reports a Razorpay refusal as a failed payment order without storing a checkout', async () => {
    const broken = await startTestShop({ env: { RAZORPAY_KEY_ID: credentials.keyId, RAZORPAY_KEY_SECRET: 'not-the-secret', RAZORPAY_API_BASE: fake.url } });
    try {
      const buyer = await registerCustomer(broken);
      const valor = (await call(broken, 'GET', '/api/products/valor')).body.product as { id: number };
      const before = await productStock(broken.database.db, valor.id);
      const created = await createPaymentOrder(broken, buyer.token, [{ productId: valor.id, size: '15ml', quantity: 1 }]);
      expect(created.status).toBe(502);
      expect(created.body.message).toMatch(/^Failed to create payment order/);
      // Asked before anything is held: the units stay on the shelf and no checkout waits for a payment.
      expect(await broken.database.db.select().from(checkouts).where(eq(checkouts.userId, buyer.user.id))).toEqual([]);
      expect(await productStock(broken.database.db, valor.id)).toMatchObject({ inventory: before.inventory, held: 0 });
    } finally {
      await broken.close();
    }
  });
});
