import { paidOrder, signInToAdmin } from '../support/admin-ui.ts';
import { expect, test } from '../support/e2e.ts';

// A small violet square standing in for the customer's photo of a leaking bottle.
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAoCAIAAAADnC86AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAASUlEQVRYhe3YwQkAMAxC0U7iYE7i+N2hl14e5B6QxI+eZl/mWBxS13HNO4WBlGUOJAKLg8XAYmFxsBhYLCxKixPMo4qo8mXPGlxGYtxMHjmlegAAAABJRU5ErkJggg==',
  'base64',
);

test('a delivered order is returned with a photo, the back office approves and receives it, and the customer sees it refunded', async ({ page, otherPage }) => {
  test.setTimeout(90_000);
  const { token, orderNumber, potion } = await paidOrder(page.request);
  const admin = await (await page.request.post('/api/admin/login', { data: { email: 'admin@deosil.demo', password: 'Moonlit-Coven-13' } })).json();
  const delivered = await page.request.put(`/api/admin/orders/${orderNumber}/status`, { headers: { authorization: `Bearer ${admin.token}` }, data: { status: 'delivered' } });
  expect(delivered.status()).toBe(200);

  // The customer asks for the return from the order page, with a photo.
  await page.goto('/');
  await page.evaluate((value) => localStorage.setItem('deosil-customer-token', value), token);
  await page.goto(`/orders/${orderNumber}`);
  const returns = page.getByTestId('order-returns');
  await returns.getByRole('button', { name: 'Return potions' }).click();
  await returns.getByRole('combobox', { name: new RegExp(`Units of ${potion}`) }).selectOption('1');
  await returns.getByRole('combobox', { name: 'Reason' }).selectOption('damaged-or-leaking');
  await returns.getByRole('textbox', { name: 'Note (optional)' }).fill('The cap arrived cracked and the potion leaked.');
  await returns.locator('input[type="file"]').setInputFiles({ name: 'leak.png', mimeType: 'image/png', buffer: PHOTO });
  await returns.getByRole('button', { name: 'Request return' }).click();
  const entry = returns.getByTestId('return-entry');
  await expect(entry).toContainText('Requested');
  const amount = (await entry.locator('.text-gold-bright').textContent())!.trim();
  expect(amount).toMatch(/^₹/);

  // The back office approves it with pickup instructions, then marks it received.
  await signInToAdmin(otherPage);
  await otherPage.goto('/admin/returns');
  const openReturn = () => otherPage.getByRole('button', { name: orderNumber }).filter({ visible: true }).first().click();
  await openReturn();
  const detail = otherPage.getByRole('dialog', { name: new RegExp(`for order ${orderNumber}`) });
  await expect(detail.getByRole('img', { name: 'Photo sent with the return' })).toBeVisible();
  await detail.getByRole('textbox').fill('Our courier collects it on Tuesday morning.');
  await detail.getByRole('button', { name: 'Approve' }).click();
  await expect(detail).toBeHidden();
  await Promise.all([
    otherPage.waitForResponse((response) => response.url().includes('/api/admin/returns?') && response.url().includes('status=approved')),
    // The 'Awaiting pickup' figure narrows the queue to the approved returns, and shows it is the filter in force.
    otherPage.getByRole('button', { name: /^Awaiting pickup/ }).click(),
  ]);
  await expect(otherPage.getByRole('button', { name: /^Awaiting pickup/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(otherPage.getByRole('combobox', { name: 'Return status' })).toHaveValue('approved');
  await openReturn();
  await otherPage.getByRole('button', { name: /Mark received and refund/ }).click();
  await expect(otherPage.getByRole('dialog')).toBeHidden();

  // The customer sees the return refunded, with the amount.
  await page.reload();
  await expect(page.getByTestId('return-entry')).toContainText('Refunded');
  await expect(page.getByTestId('return-entry')).toContainText(amount);
  // Each step of the return is headed by what happened, and the summary and payment show the money given back.
  const timeline = page.getByTestId('order-timeline');
  for (const heading of ['Return Requested', 'Return Approved', 'Return Received', 'Refund Issued']) await expect(timeline.getByText(heading, { exact: true })).toHaveCount(1);
  await expect(timeline.getByText('Mystical Delivery Complete', { exact: true })).toHaveCount(1);
  await expect(page.getByTestId('summary-refunded')).toContainText(amount);
  await expect(page.getByTestId('payment-badge')).toHaveText('Payment: Refunded');
});
