import { waitForMail } from '../support/e2e-mailbox.ts';
import { signUpOnPage } from '../support/e2e-orders.ts';
import { expect, test } from '../support/e2e.ts';

/**
 * A signed-in shopper leaves potions in the cart; the reminder e-mail's link, opened in another browser with
 * nothing in it and nobody signed in, brings the cart back. The journeys' shop sends the first reminder a minute
 * after a cart is left (RECOVERY_FIRST_DELAY_MINUTES in playwright.config.ts), and the job runs every minute.
 */
test.setTimeout(300_000);


test('a cart reminder’s link restores the cart in a fresh browser', async ({ page, otherPage }) => {
  const { email } = await signUpOnPage(page, 'Nila Vey', 'left');
  await page.goto('/products/dark-poppy');
  await page.getByText('30ml', { exact: true }).click();
  await page.getByRole('group', { name: 'Quantity', exact: true }).getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: /^Add to cart: .+, 30ml$/ }).click();
  await expect(page.getByRole('dialog', { name: /YOUR MYSTICAL CART/ }).getByRole('heading', { level: 2 })).toHaveText('YOUR MYSTICAL CART (2)');
  // The cart reaches the server a moment after the last change; the shopper then leaves.
  await expect
    .poll(async () => (await (await page.request.get('/api/cart', { headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('deosil-customer-token'))}` } })).json()).items, {
      timeout: 10_000,
    })
    .toMatchObject([{ slug: 'dark-poppy', size: '30ml', quantity: 2 }]);
  await page.close();

  const reminder = await waitForMail(email, /You left potions in your cart/, 240_000);
  expect(reminder.text).toContain('Dark Poppy (30ml) × 2');
  const link = /(http:\/\/[^\s\]]+\/cart\/restore\?token=[A-Za-z0-9_-]+)/.exec(reminder.text)![1]!;

  // Another browser: nothing in its cart, nobody signed in.
  await otherPage.goto('/');
  const stored = await otherPage.evaluate(() => localStorage.getItem('mystical-cart'));
  expect(stored === null ? [] : (JSON.parse(stored) as { state: { items: unknown[] } }).state.items).toEqual([]);
  await otherPage.goto(new URL(link).pathname + new URL(link).search);
  await expect(otherPage.getByRole('heading', { level: 1 })).toHaveText('Your potions are back');
  await expect(otherPage.getByTestId('restored-line')).toHaveCount(1);
  await expect(otherPage.getByTestId('restored-line')).toContainText('Dark Poppy');
  await expect(otherPage.getByTestId('restored-line')).toContainText('30ml · 2 ×');
  // The link's key is out of the address bar once used.
  expect(otherPage.url()).not.toContain('token=');
  await otherPage.getByRole('button', { name: 'Open your cart' }).click();
  const drawer = otherPage.getByRole('dialog', { name: /YOUR MYSTICAL CART/ });
  await expect(drawer.getByRole('heading', { level: 2 })).toHaveText('YOUR MYSTICAL CART (2)');
  await expect(drawer.getByTestId('cart-line')).toContainText('Dark Poppy');

  // A link that is not one restores nothing.
  await otherPage.goto('/cart/restore?token=' + 'A'.repeat(43));
  await expect(otherPage.getByRole('heading', { level: 1 })).toHaveText('This link has faded');
  await expect(otherPage.getByRole('status').filter({ hasText: 'cart link' })).toHaveText('This cart link is not valid or has expired.');
});

test('a potion added while the sign-in merge is on its way stays in the cart and reaches the server', async ({ page }) => {
  await signUpOnPage(page, 'Ira Vale', 'merge');
  // The merge of the browser's (empty) cart with the server's is held until the shopper has added a potion.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const mergeHeld = new Promise<void>((resolve) => (held = resolve));
  await page.route('**/api/cart/merge', async (route) => {
    held();
    await released;
    await route.continue();
  });
  await page.goto('/products/dark-poppy');
  await mergeHeld;
  await page.getByText('30ml', { exact: true }).click();
  await page.getByRole('button', { name: /^Add to cart: .+, 30ml$/ }).click();
  const heading = page.getByRole('dialog', { name: /YOUR MYSTICAL CART/ }).getByRole('heading', { level: 2 });
  await expect(heading).toHaveText('YOUR MYSTICAL CART (1)');
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/cart/merge'));
  release();
  await answered;
  await expect
    .poll(async () => (await (await page.request.get('/api/cart', { headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('deosil-customer-token'))}` } })).json()).items, {
      timeout: 10_000,
    })
    .toMatchObject([{ slug: 'dark-poppy', size: '30ml', quantity: 1 }]);
  await expect(heading).toHaveText('YOUR MYSTICAL CART (1)');
});
