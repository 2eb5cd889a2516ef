import { addBusinessDays, shopDate } from '../../domain/orders.ts';
import { paidOrder, signInToAdmin } from '../support/admin-ui.ts';
import { expect, test } from '../support/e2e.ts';

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
  // The day promised at checkout is the date to begin with, so saving the tracking as it is keeps the promise.
  const placed = await page.request.get(`/api/orders/${orderNumber}`, { headers: { authorization: `Bearer ${token}` } });
  const promised = ((await placed.json()) as { order: { estimatedDelivery: string } }).order.estimatedDelivery;
  await expect(dialog.getByLabel('Estimated delivery date')).toHaveValue(shopDate(new Date(promised)));
  await expect(dialog.getByRole('button', { name: '7 business days (standard)' })).toBeVisible();
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

test('an admin cancels a paid order and refunds it after confirming, and the customer sees the refund', async ({ page }) => {
  const { token, orderNumber } = await paidOrder(page.request);
  await signInToAdmin(page);
  await page.goto('/admin/orders');
  await page.getByLabel('Search orders').fill(orderNumber);
  await page.getByRole('button', { name: `View order ${orderNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: orderNumber });
  await dialog.getByLabel('New status').selectOption('cancelled');
  await expect(dialog.getByText('Cancelling a paid order returns its stock and marks the payment for refund.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Update Status' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: `View order ${orderNumber}` }).click();
  const refund = dialog.getByRole('region', { name: 'Refund pending' });
  await expect(refund).toBeVisible();
  await refund.getByRole('button', { name: /^Refund ₹/ }).click();
  // Money is sent only after the second, explicit press.
  await refund.getByRole('button', { name: 'Not now' }).click();
  await refund.getByRole('button', { name: /^Refund ₹/ }).click();
  await refund.getByRole('button', { name: /^Confirm refund of ₹/ }).click();
  await expect(page.getByText('Refund Issued')).toBeVisible();
  await expect(refund).toBeHidden();
  await expect(dialog.getByText(/^Refunded .* · rfnd_/)).toBeVisible();

  const mine = await page.request.get(`/api/orders/${orderNumber}`, { headers: { authorization: `Bearer ${token}` } });
  expect(((await mine.json()) as { order: { paymentStatus: string } }).order.paymentStatus).toBe('refunded');
});
