import { type Page } from '@playwright/test';
import { DEMO_ADMIN } from '../support/admin-ui.ts';
import { expect, test } from '../support/e2e.ts';
import { openSignedIn, valorToPaymentStep } from '../support/e2e-orders.ts';

const uniqueEmail = (label: string) => `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@deosil.test`;

async function adminToken(page: Page): Promise<string> {
  const response = await page.request.post('/api/admin/login', { data: DEMO_ADMIN });
  expect(response.status()).toBe(200);
  return (await response.json()).token;
}

test('a shopper pays part of an order with a gift card and store credit; the rest goes through the payment window', async ({ page }) => {
  test.setTimeout(90_000);
  const admin = { authorization: `Bearer ${await adminToken(page)}` };
  const issued = await page.request.post('/api/admin/gift-cards', { headers: admin, data: { amount: 500, recipientName: 'Mira Night', recipientEmail: 'mira@deosil.test', reason: 'A prize at the market' } });
  expect(issued.status()).toBe(201);
  const { code } = await issued.json();
  const email = uniqueEmail('giftcard');
  const registered = await page.request.post('/api/auth/register', { data: { name: 'Mira Night', email, password: 'Moonlight7!', confirmPassword: 'Moonlight7!' } });
  const { token } = await registered.json();
  expect((await page.request.post('/api/admin/store-credit', { headers: admin, data: { email, amount: 250, reason: 'Parcel arrived a day late' } })).status()).toBe(200);

  await openSignedIn(page, token);
  await valorToPaymentStep(page, { city: 'Pune', zipCode: '411001' });
  const total = await page.getByTestId('payment-amount').textContent();

  // A code that names no card is told under the box, and nothing changes.
  await page.getByLabel('Gift card code').fill('ABCD-EFGH-JKLM-NPQR');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('No gift card has this code')).toBeVisible();
  await expect(page.getByTestId('payment-amount')).toHaveText(total!);

  await page.getByLabel('Gift card code').fill(code.toLowerCase().replace(/-/g, ' '));
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`Gift card ••••${code.slice(-4)}`)).toBeVisible();
  await page.getByLabel('Use my store credit (₹250.00)').check();
  await expect(page.getByTestId('paid-with-balances')).toHaveText('Gift cards and store credit pay ₹750.00');
  const rupees = (text: string) => Number(text.replace(/[^\d.]/g, ''));
  await expect(page.getByTestId('payment-amount')).toHaveText(`₹${(rupees(total!) - 750).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);

  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  const sandbox = page.getByRole('dialog', { name: 'Test payment — no money moves' });
  await expect(sandbox).toBeVisible();
  await sandbox.getByRole('button', { name: 'Success' }).click();
  await expect(page.getByRole('heading', { name: 'Order Successfully Placed!' })).toBeVisible();
  await expect(page.getByText('₹750.00 paid with gift cards and store credit')).toBeVisible();

  // The card is spent, and the profile shows the credit going to the order.
  const checked = await page.request.post('/api/gift-cards/check', { headers: { authorization: `Bearer ${token}` }, data: { code } });
  expect((await checked.json()).giftCard.balance).toBe(0);
  await page.goto('/profile');
  const credit = page.getByTestId('store-credit');
  await expect(credit.getByText('₹0.00')).toBeVisible();
  await expect(credit.getByText('Parcel arrived a day late')).toBeVisible();
});
