import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/e2e.ts';

const PASSWORD = 'Moonlight7!';
const TOKEN_KEY = 'deosil-customer-token';

/** A customer who just signed up, with the session stored as the sign-up dialog stores it. */
async function signedUpCustomer(page: Page, name: string) {
  const email = `profile.${Date.now()}.${Math.floor(Math.random() * 1e6)}@deosil.test`;
  const response = await page.request.post('/api/auth/register', { data: { name, email, password: PASSWORD, confirmPassword: PASSWORD } });
  expect(response.status()).toBe(201);
  const { token } = (await response.json()) as { token: string };
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  return { email, token };
}

const details = (page: Page) => page.getByRole('region', { name: 'Personal Details' });

test('a customer edits the profile, which is still saved after a reload; a refused save stays in edit mode', async ({ page }) => {
  await signedUpCustomer(page, 'Mira Night');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Mira Night' })).toBeVisible();
  await expect(page.getByText('Mystical Novice', { exact: true })).toBeVisible();
  await expect(page.getByText('₹100.00 more to Fragrance Explorer')).toBeVisible();

  await details(page).getByRole('button', { name: 'Edit Profile' }).click();
  await details(page).getByLabel('Full Name').fill('Mira Moonshadow');
  await details(page).getByLabel('Phone').fill('+91 98765 43210');
  await details(page).getByLabel('Favourite Ingredient').fill('Night jasmine');
  await details(page).getByLabel('Address').fill('12 Lotus Lane, Pune');
  await details(page).getByRole('button', { name: 'Save Changes' }).click();
  await expect(details(page).getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  await expect(details(page).getByText('Night jasmine')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Mira Moonshadow' })).toBeVisible();
  await expect(details(page).getByText('+91 98765 43210')).toBeVisible();
  await expect(details(page).getByText('12 Lotus Lane, Pune')).toBeVisible();

  // The server refuses a phone number: the form stays open with the message and the field's reason.
  await details(page).getByRole('button', { name: 'Edit Profile' }).click();
  await details(page).getByLabel('Phone').fill('call me');
  await details(page).getByRole('button', { name: 'Save Changes' }).click();
  await expect(details(page).getByRole('alert')).toHaveText('Failed to update profile. Please try again.');
  await expect(details(page).getByText('Please enter a 10-digit Indian mobile number (starting 6, 7, 8 or 9)')).toBeVisible();
  await expect(details(page).getByRole('button', { name: 'Save Changes' })).toBeVisible();

  // Cancel puts back what is saved.
  await details(page).getByLabel('Full Name').fill('Somebody Else');
  await details(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(details(page).getByText('Somebody Else')).toBeHidden();
  await expect(details(page).getByText('+91 98765 43210')).toBeVisible();
  await details(page).getByRole('button', { name: 'Edit Profile' }).click();
  await expect(details(page).getByLabel('Full Name')).toHaveValue('Mira Moonshadow');
  await expect(details(page).getByLabel('Phone')).toHaveValue('+91 98765 43210');
});

test('the achievements tab filters by unlocked, locked and category; a new customer has no orders yet', async ({ page }) => {
  await signedUpCustomer(page, 'Ravi Ember');
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Achievements' }).click();
  await expect(page).toHaveURL(/tab=achievements/);
  const cards = page.getByRole('tabpanel').getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(cards).toHaveCount(20);
  await expect(page.getByText('0 / 20')).toBeVisible();

  const filters = page.getByRole('group', { name: 'Filter achievements' });
  await filters.getByRole('button', { name: 'Unlocked' }).click();
  await expect(page.getByText('No achievements found')).toBeVisible();
  await filters.getByRole('button', { name: 'Locked', exact: true }).click();
  await expect(cards).toHaveCount(20);
  await filters.getByRole('button', { name: 'Seasonal' }).click();
  await expect(cards).toHaveCount(3);
  await expect(page.getByRole('heading', { name: 'Winter Witch' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'First Potion' })).toBeHidden();
  await filters.getByRole('button', { name: 'Purchasing' }).click();
  await expect(page.getByRole('listitem', { name: 'First Potion, locked' })).toContainText('5% off next order');

  await page.getByRole('tab', { name: 'Order History' }).click();
  await expect(page.getByText('No orders yet')).toBeVisible();
  await expect(page.getByText('Start exploring our mystical collection!')).toBeVisible();
  await page.getByRole('tabpanel').getByRole('link', { name: 'Browse Products' }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test('account settings keep the preferences and change the password', async ({ page }) => {
  const { email } = await signedUpCustomer(page, 'Asha Vale');
  await page.goto('/profile?tab=settings');
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  // Nothing is consented to for the shopper: the newsletter starts off.
  await expect(page.getByRole('checkbox', { name: /Newsletter/ })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: /SMS Notifications/ })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Order Updates/ })).toBeChecked();
  await page.getByRole('checkbox', { name: /SMS Notifications/ }).check();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByRole('button', { name: 'Save Preferences' })).toBeDisabled();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /SMS Notifications/ })).toBeChecked();

  const form = page.getByRole('region', { name: 'Change Password' });
  await form.getByLabel('Current Password').fill('not-my-password');
  await form.getByLabel('New Password', { exact: true }).fill('Sunrise9!');
  await form.getByLabel('Confirm New Password').fill('Sunrise9!');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.getByText('Current password is incorrect')).toBeVisible();
  await form.getByLabel('Current Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.getByLabel('Current Password')).toHaveValue('');
  const login = await page.request.post('/api/auth/login', { data: { email, password: 'Sunrise9!' } });
  expect(login.status()).toBe(200);
});

test('every profile tab passes an accessibility check', async ({ page }) => {
  // Four pages and four full axe runs.
  test.setTimeout(90_000);
  await signedUpCustomer(page, 'Nila Star');
  for (const tab of ['overview', 'orders', 'achievements', 'settings']) {
    await page.goto(`/profile?tab=${tab}`);
    await expect(page.getByRole('tab', { selected: true })).toBeVisible();
    await expect(page.getByRole('tabpanel').getByRole('status')).toHaveCount(0);
    const results = await new AxeBuilder({ page }).include('main').analyze();
    expect(results.violations.map((violation) => `${tab}: ${violation.id}`)).toEqual([]);
  }
});

test('opening a product page counts towards the explorer achievement, once per product', async ({ page }) => {
  const { token } = await signedUpCustomer(page, 'Tara Wick');
  const { products } = (await (await page.request.get('/api/products?limit=1')).json()) as { products: { slug: string }[] };
  const recorded = page.waitForRequest((request) => request.url().endsWith('/api/profile/product-views') && request.method() === 'POST');
  await page.goto(`/products/${products[0]!.slug}`);
  await recorded;
  await page.reload();
  const headers = { authorization: `Bearer ${token}` };
  await expect
    .poll(async () => ((await (await page.request.get('/api/profile/achievements', { headers })).json()) as { stats: { productsViewed: number } }).stats.productsViewed)
    .toBe(1);
  await page.goto('/profile?tab=achievements');
  await expect(page.getByRole('listitem', { name: 'Curious Wanderer, locked' })).toContainText('1 / 50');
});
