import { expect, test } from '../support/e2e.ts';

test('the product page declares what the Legal Metrology rules ask, following the chosen size', async ({ page }) => {
  await page.goto('/products/valor');
  const block = page.getByRole('region', { name: 'Product details & legal information' });
  await block.scrollIntoViewIfNeeded();
  await expect(block).toBeVisible();
  const row = (label: string) => block.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  await expect(row('Generic name')).toHaveText('Eau de Parfum');
  await expect(row('Manufactured by')).toContainText('Deosil Perfumes Private Limited, 14 Moonlight Lane');
  await expect(row('Country of origin')).toHaveText('India');
  await expect(row('Best before')).not.toBeEmpty();
  await expect(row('Consumer care')).toContainText('coven@deosilperfumes.in');

  // 50ml is the default size; the figures follow the size picked.
  await expect(row('Net quantity')).toHaveText('50 ml');
  await expect(row('MRP')).toHaveText('₹2,999.00 (inclusive of all taxes)');
  await expect(row('Unit sale price')).toHaveText('₹59.98 per ml');
  await page.getByRole('radio', { name: /15ml/ }).check({ force: true });
  await expect(row('Net quantity')).toHaveText('15 ml');
  await expect(row('MRP')).toHaveText('₹1,199.00 (inclusive of all taxes)');
  await expect(row('Unit sale price')).toHaveText('₹79.93 per ml');
  await expect(page.getByTestId('product-price-declaration')).toHaveText('MRP inclusive of all taxes · ₹79.93 per ml');

  // Nothing in the block runs off a phone's screen.
  const overflow = await block.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
