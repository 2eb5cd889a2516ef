import { readFile } from 'node:fs/promises';
import { paidOrder, signInToAdmin } from '../support/admin-ui.ts';
import { expect, test } from '../support/e2e.ts';

test('the analytics page draws its charts from real orders on every tab, and exports the period', async ({ page }) => {
  const { potion } = await paidOrder(page.request);
  await signInToAdmin(page);
  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { name: 'Advanced Analytics' })).toBeVisible();

  const panel = (title: string) => page.getByRole('region', { name: title });
  // Recharts draws into an SVG once the container has a size; a drawn chart has marks in it, not just axes.
  const drawn = (title: string, marks: string) => panel(title).locator(`svg.recharts-surface ${marks}`).first();
  await expect(drawn('Revenue Trend', '.recharts-area-area, .recharts-bar-rectangle path, .recharts-line-curve')).toBeVisible();
  await expect(drawn('Top Categories', '.recharts-pie-sector path')).toBeVisible();
  await expect(drawn('Customer Growth', '.recharts-bar-rectangle path, .recharts-line-curve, .recharts-area-area')).toBeVisible();
  await expect(panel('Quick Insights').getByText(/potions per order on average/)).toBeVisible();

  await page.getByRole('tab', { name: 'Revenue' }).click();
  await expect(page.getByRole('tab', { name: 'Revenue' })).toHaveAttribute('aria-selected', 'true');
  await expect(drawn('Revenue and orders per day', '.recharts-line-curve, .recharts-bar-rectangle path, .recharts-area-area')).toBeVisible();
  await expect(panel('Breakdown').getByRole('table')).toBeVisible();

  await page.getByRole('tab', { name: 'Products' }).click();
  await expect(drawn('Top Potions', '.recharts-bar-rectangle path')).toBeVisible();
  await expect(panel('Top Potions').getByText(potion).first()).toBeVisible();

  await page.getByRole('tab', { name: 'Customers' }).click();
  await expect(drawn('Customer Growth', '.recharts-bar-rectangle path, .recharts-line-curve, .recharts-area-area')).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^analytics-30days-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv).toContain(potion);
});
