import type { Page } from '@playwright/test';
import { expect } from './e2e.ts';

export const DEMO_ADMIN = { email: 'admin@deosil.demo', password: 'Moonlit-Coven-13' };

/** Signs the demo admin in through /admin/login, as a shop owner does. */
export async function signInToAdmin(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}
