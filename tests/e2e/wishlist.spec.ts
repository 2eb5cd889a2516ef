import { registerThroughApi } from '../support/e2e-orders.ts';
import { expect, test } from '../support/e2e.ts';

const PASSWORD = 'Moonlight7!';

test('a signed-out shopper hearts a potion, signs in, finds it on the wishlist and asks to hear when it costs less', async ({ page }) => {
  const email = `wish.${test.info().project.name}.${Date.now()}@deosil.test`;
  await registerThroughApi(page.request, 'Tara Wish', email);

  await page.goto('/products/valor');
  await page.getByRole('button', { name: 'Save Valor to your wishlist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome Back, Mystic' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Enter the Mystical Realm' }).click();
  await expect(dialog).toBeHidden();
  // The heart pressed before signing in is kept.
  await expect(page.getByRole('button', { name: 'Remove Valor from your wishlist' })).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/wishlist');
  const item = page.getByTestId('wishlist-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Valor');
  await expect(item).toContainText('In stock');
  await item.getByLabel('E-mail me when it costs less or comes back in stock').check();
  await expect(item.getByLabel('E-mail me when it costs less or comes back in stock')).toBeChecked();
  await page.screenshot({ path: test.info().outputPath('wishlist.png'), fullPage: true });
  await page.reload();
  await expect(page.getByLabel('E-mail me when it costs less or comes back in stock')).toBeChecked();

  await item.getByRole('button', { name: 'REMOVE' }).click();
  await expect(page.getByText('NOTHING SAVED YET')).toBeVisible();
});
