import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './e2e.ts';

export const DEMO_ADMIN = { email: 'admin@deosil.demo', password: 'Moonlit-Coven-13' };

/** Signs the demo admin in through /admin/login, as a shop owner does. */
export async function signInToAdmin(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // A password check is slow by design (the hash's cost), and slower still on a busy machine.
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 15_000 });
}

/** A customer who paid for one potion through the sandbox, as the checkout does it. */
export async function paidOrder(request: APIRequestContext): Promise<{ token: string; orderNumber: string; potion: string }> {
  const email = `raven.${Date.now()}.${Math.floor(Math.random() * 1000)}@deosil.test`;
  const registered = await request.post('/api/auth/register', {
    data: {
      name: 'Raven Ashgrove',
      email,
      password: 'Moonlight7!',
      confirmPassword: 'Moonlight7!',
      birthSign: 'Scorpio',
      preferences: { favoriteScents: [], intensityPreference: '', budgetRange: '' },
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };

  const { products } = (await (await request.get('/api/products?limit=50')).json()) as { products: { id: number; name: string; inStock: boolean; sizes: { size: string; inStock: boolean }[] }[] };
  const potion = products.find((product) => product.inStock && product.sizes.some((size) => size.inStock))!;
  const size = potion.sizes.find((entry) => entry.inStock)!.size;
  const created = await request.post('/api/payments/razorpay/create-payment-order', {
    headers,
    data: {
      items: [{ productId: potion.id, size, quantity: 1 }],
      customerInfo: { name: 'Raven Ashgrove', email, phone: '9876543210' },
      shippingAddress: { street: '7 Lantern Street', city: 'Jaipur', state: 'Rajasthan', zipCode: '302001', country: 'India' },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { razorpayOrder } = (await created.json()) as { razorpayOrder: { id: string } };
  const paid = await request.post('/api/payments/sandbox/pay', { headers, data: { razorpay_order_id: razorpayOrder.id, outcome: 'success' } });
  const payment = (await paid.json()) as { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
  const verified = await request.post('/api/payments/razorpay/verify-and-create-order', {
    headers,
    data: { razorpay_order_id: payment.razorpay_order_id, razorpay_payment_id: payment.razorpay_payment_id, razorpay_signature: payment.razorpay_signature },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const { order } = (await verified.json()) as { order: { orderNumber: string } };
  return { token, orderNumber: order.orderNumber, potion: potion.name };
}
