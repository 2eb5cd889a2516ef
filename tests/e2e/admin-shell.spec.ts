import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO_ADMIN, signInToAdmin } from '../support/admin-ui.ts';
import { expect, test } from '../support/e2e.ts';

// Below 1024 px the shop's header keeps the account links in the 'MYSTICAL NAVIGATION' menu.
const isNarrow = (page: Page) => (page.viewportSize()?.width ?? 0) < 1024;

/** The shop's way into the portal: the account menu's 'Admin Panel'. */
async function openAdminPanelFromShop(page: Page) {
  if (isNarrow(page)) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'MYSTICAL NAVIGATION' }).getByRole('link', { name: /^Admin Panel/ }).click();
  } else {
    await page.getByRole('button', { name: /^DK/ }).click();
    await page.getByRole('menu', { name: 'Account' }).getByRole('menuitem', { name: 'Admin Panel' }).click();
  }
}

test('on a phone the admin menu opens from ☰ and closes with ✕, a tap beside it, Escape, or a choice', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInToAdmin(page);
  const open = page.getByRole('button', { name: 'Open admin menu' });
  const menu = page.getByRole('complementary', { name: 'Admin menu' });
  await expect(menu).toBeHidden();

  await open.click();
  await expect(menu).toBeVisible();
  await page.getByRole('button', { name: 'Close admin menu' }).click();
  await expect(menu).toBeHidden();
  await expect(open).toBeFocused();

  await open.click();
  await page.getByTestId('admin-menu-backdrop').click({ position: { x: 340, y: 500 } });
  await expect(menu).toBeHidden();

  await open.click();
  await expect(page.getByRole('button', { name: 'Close admin menu' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(open).toBeFocused();

  await open.click();
  await menu.getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
  await expect(menu).toBeHidden();
});

test('one sign-in serves the shop and the portal for an admin account', async ({ page, otherPage }) => {
  // Signed in on the shop, the admin opens the portal without a second sign-in.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Go to Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome Back, Mystic' });
  await dialog.getByLabel('Email').fill(DEMO_ADMIN.email);
  await dialog.getByLabel('Password').fill(DEMO_ADMIN.password);
  await dialog.getByRole('button', { name: 'Enter the Mystical Realm' }).click();
  await expect(dialog).toBeHidden();
  await openAdminPanelFromShop(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: /^Welcome back, / })).toBeVisible();

  // Signed in on the portal, the admin finds the shop signed in, with its way back to the portal.
  await signInToAdmin(otherPage);
  await otherPage.goto('/');
  await openAdminPanelFromShop(otherPage);
  await expect(otherPage).toHaveURL(/\/admin\/dashboard$/);

  // It is one session: signing out of the shop signs the portal out too.
  await otherPage.goto('/');
  if (isNarrow(otherPage)) {
    await otherPage.getByRole('button', { name: 'Open menu' }).click();
    await otherPage.getByRole('dialog', { name: 'MYSTICAL NAVIGATION' }).getByRole('button', { name: 'Sign Out' }).click();
  } else {
    await otherPage.getByRole('button', { name: /^DK/ }).click();
    await otherPage.getByRole('menu', { name: 'Account' }).getByRole('menuitem', { name: 'Sign Out' }).click();
  }
  await expect(otherPage.getByRole('banner').getByRole('button', { name: isNarrow(otherPage) ? 'Sign In' : 'Login | Join Us' })).toBeVisible();
  await otherPage.goto('/admin/dashboard');
  await expect(otherPage).toHaveURL(/\/admin\/login$/);
});

test('a customer signed in on the shop is still sent to the admin sign-in', async ({ page }) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const registered = await page.request.post('/api/auth/register', {
    data: { name: 'Plain Customer', email: `plain.${stamp}@deosil.test`, password: 'Moonlight7!', confirmPassword: 'Moonlight7!' },
  });
  const { token } = await registered.json();
  await page.goto('/');
  await page.evaluate((value) => window.localStorage.setItem('deosil-customer-token', value), token);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
  // The shop's session is untouched by the portal's refusal.
  expect(await page.evaluate(() => window.localStorage.getItem('deosil-customer-token'))).toBe(token);
});

test('the portal has one main landmark and its pages pass an accessibility audit', async ({ page }) => {
  test.setTimeout(90_000);
  await signInToAdmin(page);
  for (const [path, heading] of [
    ['/admin/dashboard', /^Welcome back, /],
    ['/admin/analytics', 'Advanced Analytics'],
    ['/admin/festivals', 'Festival Management'],
    ['/admin/promotions', 'Promotions'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('main')).toHaveCount(1);
    const audit = await new AxeBuilder({ page }).analyze();
    expect(audit.violations.map((violation) => `${path}: ${violation.id}`)).toEqual([]);
  }
  // The phone menu, open, is part of the page too.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Open admin menu' }).click();
  const open = await new AxeBuilder({ page }).analyze();
  expect(open.violations.map((violation) => violation.id)).toEqual([]);
});
