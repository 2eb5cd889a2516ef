import { expect, test } from '../support/e2e.ts';

test('a first-time visitor takes the fragrance finder from the home page and is shown three potions and a set, each with why', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Take the fragrance finder' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Which potion is yours?' })).toBeVisible();

  const quiz = page.getByRole('form', { name: 'Fragrance finder' });
  await quiz.getByText('Smoke & resin').click();
  await quiz.getByText('Strong', { exact: true }).click();
  await quiz.getByText('Ritual & quiet').click();
  await quiz.getByLabel('5. Your birth sign (optional)').selectOption('Scorpio');
  await quiz.getByRole('button', { name: 'REVEAL MY POTIONS' }).click();

  const results = page.getByTestId('finder-results');
  await expect(results.getByTestId('finder-potion')).toHaveCount(3);
  await expect(results.getByTestId('finder-potion').first()).toContainText(/Why: smoky [a-z ]+, strong, for ritual and quiet/);
  await expect(results.getByTestId('finder-set').getByTestId('product-card')).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('finder.png'), fullPage: true });

  // A recommendation goes straight into the cart.
  await results.getByTestId('finder-potion').first().getByRole('button', { name: /^Add to cart/ }).click();
  await expect(page.getByRole('dialog', { name: /YOUR MYSTICAL CART \(1\)/ })).toBeVisible();
});
