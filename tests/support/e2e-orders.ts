import type { Page } from '@playwright/test';
import { expect } from './e2e.ts';

const ASHA = {
  customerInfo: { name: 'Asha Verma', email: 'asha@deosil.test', phone: '9876543210' },
  shippingAddress: { street: '12 Moonlit Lane', city: 'Pune', state: 'Maharashtra', zipCode: '411001', country: 'India' },
};

/**
 * An order of one 15 ml Valor placed through the API the checkout uses and paid in the sandbox, for journeys that
 * start after the checkout; returns its number. `details` replaces the buyer or the address, or adds a coupon.
 */
export async function placeSandboxOrder(page: Page, token: string, details: Partial<typeof ASHA> & { couponCode?: string } = {}): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const valor = (await (await page.request.get('/api/products/valor')).json()).product;
  const created = await (
    await page.request.post('/api/payments/razorpay/create-payment-order', { headers, data: { items: [{ productId: valor.id, size: '15ml', quantity: 1 }], ...ASHA, ...details } })
  ).json();
  const paid = await (await page.request.post('/api/payments/sandbox/pay', { headers, data: { razorpay_order_id: created.razorpayOrder.id, outcome: 'success' } })).json();
  const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = paid;
  const verified = await page.request.post('/api/payments/razorpay/verify-and-create-order', { headers, data: { razorpay_order_id, razorpay_payment_id, razorpay_signature } });
  expect(verified.status()).toBe(200);
  return (await verified.json()).order.orderNumber;
}
