import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/e2e.ts';
import { placeSandboxOrder } from '../support/e2e-orders.ts';
import { DEMO_ADMIN, signInToAdmin } from '../support/admin-ui.ts';

const PASSWORD = 'Moonlight7!';

/** A customer who signed up and paid for one potion through the API the checkout uses. */
async function customerWithAnOrder(page: Page) {
  const email = `rights.${Date.now()}.${Math.floor(Math.random() * 1e6)}@deosil.test`;
  const registered = await page.request.post('/api/auth/register', { data: { name: 'Tara Wick', email, password: PASSWORD, confirmPassword: PASSWORD } });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  const orderNumber = await placeSandboxOrder(page, token, {
    customerInfo: { name: 'Tara Wick', email, phone: '9876543210' },
    shippingAddress: { street: '7 Nightjar Lane', city: 'Pune', state: 'Maharashtra', zipCode: '411001', country: 'India' },
  });
  await page.addInitScript((value) => window.localStorage.setItem('deosil-customer-token', value), token);
  return { email, orderNumber };
}

async function markDelivered(page: Page, orderNumber: string) {
  const signedIn = await page.request.post('/api/admin/login', { data: DEMO_ADMIN });
  const { token } = (await signedIn.json()) as { token: string };
  const delivered = await page.request.put(`/api/admin/orders/${orderNumber}/status`, { headers: { authorization: `Bearer ${token}` }, data: { status: 'delivered' } });
  expect(delivered.status()).toBe(200);
}

test('a customer withdraws a consent, downloads their data and, once the order has arrived, erases the account', async ({ page }) => {
  const { email, orderNumber } = await customerWithAnOrder(page);
  await page.goto('/profile?tab=privacy');
  const consents = page.getByRole('region', { name: 'Your consents' });
  const newsletter = consents.getByRole('checkbox', { name: 'Newsletter' });
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await expect(newsletter).not.toBeChecked();
  const audit = await new AxeBuilder({ page }).include('main').analyze();
  expect(audit.violations.map((violation) => violation.id)).toEqual([]);
  // The box shows the consent the server recorded, so it turns once the answer is back.
  await newsletter.click();
  await expect(newsletter).toBeChecked();
  await expect(consents.getByText(/Given on \d+ \w+ \d{4}\./)).toBeVisible();
  await newsletter.click();
  await expect(newsletter).not.toBeChecked();
  await expect(consents.getByText(/Withdrawn on \d+ \w+ \d{4}\./)).toBeVisible();

  const [page_] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download as a page (HTML)' }).click()]);
  expect(page_.suggestedFilename()).toMatch(/^deosil-my-data-\d{4}-\d{2}-\d{2}\.html$/);
  const html = await readFile((await page_.path())!, 'utf8');
  expect(html).toContain(orderNumber);
  expect(html).toContain('7 Nightjar Lane');
  const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download as JSON' }).click()]);
  const data = JSON.parse(await readFile((await json.path())!, 'utf8')) as { sections: { account: { email: string }; orders: { orderNumber: string }[]; consents: { granted: boolean }[] } };
  expect(data.sections.account.email).toBe(email);
  expect(data.sections.orders.map((order) => order.orderNumber)).toEqual([orderNumber]);
  expect(data.sections.consents.map((consent) => consent.granted)).toEqual([true, false]);

  const erase = page.getByRole('region', { name: 'Erase your account' });
  await erase.getByLabel('Password').fill(PASSWORD);
  await erase.getByRole('checkbox', { name: /I understand/ }).check();
  await erase.getByRole('button', { name: 'Erase my account' }).click();
  await expect(erase.getByRole('alert')).toHaveText(`Order ${orderNumber} is still on its way. Your account can be erased once it is delivered or cancelled.`);

  await markDelivered(page, orderNumber);
  await erase.getByRole('button', { name: 'Erase my account' }).click();
  await expect(page.getByText(/Your account and personal data have been erased/)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  const signIn = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(signIn.status()).toBe(401);
});

test('an admin erases a customer who wrote in, and the account is gone from the shop', async ({ page }) => {
  const email = `wrote.in.${Date.now()}.${Math.floor(Math.random() * 1e6)}@deosil.test`;
  const registered = await page.request.post('/api/auth/register', { data: { name: 'Nila Fern', email, password: PASSWORD, confirmPassword: PASSWORD } });
  expect(registered.status()).toBe(201);

  await signInToAdmin(page);
  await page.goto('/admin/users');
  await page.getByRole('searchbox').fill(email);
  await page.getByRole('button', { name: 'Open Nila Fern' }).click();
  const detail = page.getByRole('dialog', { name: 'User details' });
  const erase = detail.getByRole('button', { name: 'Erase Personal Data' });
  await expect(erase).toBeDisabled();
  await detail.getByRole('checkbox', { name: /asked for this in writing/ }).check();
  await erase.click();
  await expect(detail.getByText('Say where the request came from, e.g. the e-mail date or ticket number')).toBeVisible();
  await detail.getByLabel('Request reference').fill('e-mail of 20 November');
  await erase.click();
  await expect(page.getByText('Personal data erased', { exact: true })).toBeVisible();
  await expect(detail.getByRole('heading', { name: 'Erased customer' })).toBeVisible();

  const signIn = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(signIn.status()).toBe(401);
});
