import type { APIRequestContext } from '@playwright/test';
import { expect } from './e2e.ts';

export interface Parties {
  customerInfo: { name: string; email: string; phone: string };
  shippingAddress: { street: string; city: string; state: string; zipCode: string; country: string };
}

/** A new customer, through the API the sign-up form uses; returns their session token. */
export async function registerThroughApi(request: APIRequestContext, name: string, email: string): Promise<string> {
  const registered = await request.post('/api/auth/register', { data: { name, email, password: 'Moonlight7!', confirmPassword: 'Moonlight7!' } });
  expect(registered.status()).toBe(201);
  return ((await registered.json()) as { token: string }).token;
}

/** One Valor paid in the sandbox through the API the checkout uses; returns the order number. */
export async function sandboxOrderThroughApi(request: APIRequestContext, token: string, parties: Parties, size = '15ml'): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const valor = (await (await request.get('/api/products/valor')).json()).product as { id: number };
  const created = await (await request.post('/api/payments/razorpay/create-payment-order', { headers, data: { items: [{ productId: valor.id, size, quantity: 1 }], ...parties } })).json();
  const paid = await (await request.post('/api/payments/sandbox/pay', { headers, data: { razorpay_order_id: created.razorpayOrder.id, outcome: 'success' } })).json();
  const verified = await request.post('/api/payments/razorpay/verify-and-create-order', { headers, data: paid });
  expect(verified.status()).toBe(200);
  return ((await verified.json()) as { order: { orderNumber: string } }).order.orderNumber;
}
