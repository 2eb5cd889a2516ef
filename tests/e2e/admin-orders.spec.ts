import type { APIRequestContext } from '@playwright/test';
import { addBusinessDays, shopDate } from '../../domain/orders.ts';
import { signInToAdmin } from '../support/admin-ui.ts';
import { expect, test } from '../support/e2e.ts';

/** A customer who paid for one potion through the sandbox, as the checkout does it. */
async function paidOrder(request: APIRequestContext): Promise<{ token: string; orderNumber: string }> {
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

  const { products } = (await (await request.get('/api/products?limit=50')).json()) as { products: { id: number; inStock: boolean; sizes: { size: string; inStock: boolean }[] }[] };
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
  return { token, orderNumber: order.orderNumber };
}

test('an admin ships a paid order and adds tracking, and the customer sees both', async ({ page }) => {
  const { token, orderNumber } = await paidOrder(page.request);
  const trackingNumber = `DLV${Date.now() % 1_000_000_000}`;

  await signInToAdmin(page);

  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { name: 'Order Management' })).toBeVisible();
  await page.getByLabel('Search orders').fill('no such order anywhere');
  await expect(page.getByText('No orders found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await page.getByLabel('Search orders').fill(orderNumber);
  await page.getByRole('button', { name: `View order ${orderNumber}` }).click();

  const dialog = page.getByRole('dialog', { name: orderNumber });
  await expect(dialog.getByText('Raven Ashgrove')).toBeVisible();
  await expect(dialog.getByText('7 Lantern Street')).toBeVisible();
  await dialog.getByLabel('New status').selectOption('shipped');
  await dialog.getByRole('button', { name: 'Update Status' }).click();
  await expect(page.getByText('Order Status Updated')).toBeVisible();
  await expect(page.getByText(`Order ${orderNumber} status changed to shipped`)).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: `View order ${orderNumber}` }).click();
  await expect(dialog.getByText('Shipped', { exact: true }).first()).toBeVisible();
  // The standard seven business days are picked to begin with.
  await expect(dialog.getByRole('button', { name: '7 business days (standard)' })).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByRole('button', { name: 'Add Tracking' }).click();
  await expect(dialog.getByText('Tracking number is required')).toBeVisible();
  await dialog.getByLabel('Tracking number').fill(trackingNumber);
  await dialog.getByLabel('Carrier').selectOption('Delhivery');
  await dialog.getByRole('button', { name: '5 business days' }).click();
  await dialog.getByRole('button', { name: 'Add Tracking' }).click();
  await expect(page.getByText('Tracking Updated')).toBeVisible();
  await expect(page.getByText(`Tracking number ${trackingNumber} added to order ${orderNumber}`)).toBeVisible();

  const mine = await page.request.get(`/api/orders/${orderNumber}`, { headers: { authorization: `Bearer ${token}` } });
  expect(mine.status()).toBe(200);
  const { order } = (await mine.json()) as { order: { status: string; tracking: { trackingNumber: string; carrier: string; estimatedDelivery: string } } };
  expect(order.status).toBe('shipped');
  expect(order.tracking).toMatchObject({ trackingNumber, carrier: 'Delhivery' });
  expect(shopDate(new Date(order.tracking.estimatedDelivery))).toBe(shopDate(addBusinessDays(new Date(), 5)));
});
