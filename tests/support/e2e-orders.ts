import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './e2e.ts';

export interface Parties {
  customerInfo: { name: string; email: string; phone: string };
  shippingAddress: { street: string; city: string; state: string; zipCode: string; country: string };
}

const ASHA: Parties = {
  customerInfo: { name: 'Asha Verma', email: 'asha@deosil.test', phone: '9876543210' },
  shippingAddress: { street: '12 Moonlit Lane', city: 'Pune', state: 'Maharashtra', zipCode: '411001', country: 'India' },
};

/** A new customer, through the API the sign-up form uses; returns their session token. */
/** A new customer registered through the API and signed in on this page through the token the shop stores after joining. */
export async function signUpOnPage(page: Page, name: string, label: string): Promise<{ email: string; token: string }> {
  const email = `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@deosil.test`;
  const token = await registerThroughApi(page.request, name, email);
  await openSignedIn(page, token);
  return { email, token };
}

/** Opens the shop signed in as the customer whose session token is given, as their sign-in leaves the browser. */
export async function openSignedIn(page: Page, token: string): Promise<void> {
  await page.goto('/');
  await page.evaluate((value) => {
    localStorage.clear();
    localStorage.setItem('deosil-customer-token', value);
  }, token);
}

const field = (page: Page, label: string) => page.locator('main').getByRole('textbox', { name: label, exact: true });

/**
 * From Valor's page to the checkout's payment step: a 50 ml Valor in the cart, the shipping step filled with an
 * address in Maharashtra (the name and e-mail come from the signed-in account), the review passed.
 */
export async function valorToPaymentStep(page: Page, address: { city: string; zipCode: string }): Promise<void> {
  await page.goto('/products/valor');
  await page.getByText('50ml', { exact: true }).click();
  await page.getByRole('button', { name: 'Add to cart: Valor, 50ml', exact: true }).click();
  await page.getByRole('dialog', { name: /YOUR MYSTICAL CART/ }).getByRole('link', { name: 'SECURE CHECKOUT' }).click();
  await field(page, 'Phone').fill('9876543210');
  await field(page, 'Street Address').fill('12 Moonlit Lane');
  await field(page, 'City').fill(address.city);
  await page.locator('main').getByRole('combobox', { name: 'State', exact: true }).selectOption('Maharashtra');
  await field(page, 'ZIP Code').fill(address.zipCode);
  await page.getByRole('button', { name: 'Continue to Review' }).click();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();
}

export async function registerThroughApi(request: APIRequestContext, name: string, email: string): Promise<string> {
  const registered = await request.post('/api/auth/register', { data: { name, email, password: 'Moonlight7!', confirmPassword: 'Moonlight7!' } });
  expect(registered.status()).toBe(201);
  return ((await registered.json()) as { token: string }).token;
}

/**
 * One Valor paid in the sandbox through the API the checkout uses, for journeys that start after the checkout;
 * returns the order number. `parties` may carry a coupon code.
 */
export async function sandboxOrderThroughApi(request: APIRequestContext, token: string, parties: Parties & { couponCode?: string }, size = '15ml'): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const valor = (await (await request.get('/api/products/valor')).json()).product as { id: number };
  const created = await (await request.post('/api/payments/razorpay/create-payment-order', { headers, data: { items: [{ productId: valor.id, size, quantity: 1 }], ...parties } })).json();
  const paid = await (await request.post('/api/payments/sandbox/pay', { headers, data: { razorpay_order_id: created.razorpayOrder.id, outcome: 'success' } })).json();
  const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = paid;
  const verified = await request.post('/api/payments/razorpay/verify-and-create-order', { headers, data: { razorpay_order_id, razorpay_payment_id, razorpay_signature } });
  expect(verified.status()).toBe(200);
  return ((await verified.json()) as { order: { orderNumber: string } }).order.orderNumber;
}

/** A 15 ml Valor for Asha in Pune, or for whoever and wherever `details` says, with a coupon if it names one. */
export function placeSandboxOrder(page: Page, token: string, details: Partial<Parties> & { couponCode?: string } = {}): Promise<string> {
  return sandboxOrderThroughApi(page.request, token, { ...ASHA, ...details });
}
