import { expect, test } from '../support/e2e.ts';

const DEMO_ADMIN = { email: 'admin@deosil.demo', password: 'Moonlit-Coven-13' };

test('an admin creates a festival, which then rotates through the home banner', async ({ page }) => {
  const name = `Dev Deepawali ${Date.now() % 100_000}`;
  const code = `DEV${Date.now() % 100_000}`;
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page.goto('/admin/festivals');
  await page.getByRole('button', { name: 'New Festival' }).click();
  const form = page.getByRole('dialog', { name: 'New Festival' });
  // The server's field messages come back into the form.
  await form.getByRole('button', { name: 'Save Festival' }).click();
  // In the form's words, not the API's field names.
  await expect(form.getByText('Name is required', { exact: true })).toBeVisible();
  await expect(form.getByText('Banner image is required', { exact: true })).toBeVisible();
  await expect(form.getByText(/bannerImage|startDate/)).toHaveCount(0);

  // The colours show as swatches with their hex values, and the preview draws the banner in them.
  await expect(form.getByTestId('colour-value')).toHaveText(['#1a1a1a', '#ffffff']);
  await form.getByLabel('Background colour').fill('#2a0f3d');
  await expect(form.getByTestId('colour-value').first()).toHaveText('#2a0f3d');
  await expect(form.getByTestId('banner-preview')).toHaveCSS('background-color', 'rgb(42, 15, 61)');

  await form.getByLabel('Name *').fill(name);
  await expect(form.getByTestId('banner-preview')).toContainText(name);
  await form.getByLabel('Banner image URL *').fill('/images/potions/pereisia.svg');
  await form.getByLabel('Description *').fill('River lamps and a tenth off every potion.');
  const now = Date.now();
  const local = (ms: number) => new Date(ms - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await form.getByLabel('Starts *').fill(local(now - 60 * 60 * 1000));
  await form.getByLabel('Ends *').fill(local(now + 7 * 24 * 60 * 60 * 1000));
  await form.getByLabel('Priority (1-10)').fill('10');
  await form.getByLabel('Coupon code (empty: banner only)').fill(code.toLowerCase());
  await form.getByLabel('Discount (%)').fill('10');
  await form.getByRole('button', { name: 'Save Festival' }).click();
  await expect(form).toBeHidden();
  const card = page.getByTestId('admin-festival').filter({ hasText: name });
  await expect(card.getByText('LIVE')).toBeVisible();
  await expect(card.getByText(code)).toBeVisible();

  await page.goto('/');
  const banner = page.getByTestId('festival-banner');
  // Highest priority first, then the next live festival after five seconds.
  await expect(banner.locator('strong')).toHaveText(name);
  await expect(banner.getByText(code)).toBeVisible();
  await expect(banner.locator('strong')).not.toHaveText(name, { timeout: 8000 });

  const validated = await page.request.post('/api/coupons/validate', { data: { couponCode: code, orderAmount: 1000 } });
  expect((await validated.json()).coupon.discountAmount).toBe(100);
});
