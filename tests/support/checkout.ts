import { expect } from 'vitest';
import type { Order } from '../../contracts/orders.ts';
import { call, type Call } from './accounts.ts';
import type { TestShop } from './test-app.ts';

export const SHIPPING = {
  customerInfo: { name: 'Mira Night', email: 'mira@deosil.test', phone: '+91 98765 43210' },
  shippingAddress: { street: '12 Moonlit Lane', city: 'Pune', state: 'Maharashtra', zipCode: '411001', country: 'India' },
};

export type Line = { productId: number; size: string; quantity: number };

export function createPaymentOrder(shop: TestShop, token: string, items: Line[], extra: Record<string, unknown> = {}): Promise<Call> {
  return call(shop, 'POST', '/api/payments/razorpay/create-payment-order', { token, body: { items, ...SHIPPING, ...extra } });
}

/** What the sandbox's test-payment dialog hands the browser after 'Success'. */
export async function sandboxPay(shop: TestShop, token: string, providerOrderId: string) {
  const paid = await call(shop, 'POST', '/api/payments/sandbox/pay', { token, body: { razorpay_order_id: providerOrderId, outcome: 'success' } });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return paid.body as unknown as { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
}

export function verifyPayment(shop: TestShop, token: string, confirmation: Record<string, string>): Promise<Call> {
  return call(shop, 'POST', '/api/payments/razorpay/verify-and-create-order', { token, body: confirmation });
}

/** The whole sandbox journey: payment order, test payment, verification; returns the order. */
export async function placeOrder(shop: TestShop, token: string, items: Line[], extra: Record<string, unknown> = {}): Promise<Order> {
  const created = await createPaymentOrder(shop, token, items, extra);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const confirmation = await sandboxPay(shop, token, (created.body.razorpayOrder as { id: string }).id);
  const verified = await verifyPayment(shop, token, confirmation);
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return verified.body.order as Order;
}
