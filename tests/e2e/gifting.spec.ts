import { type Page } from '@playwright/test';
import { signInToAdmin } from '../support/admin-ui.ts';
import { expect, test } from '../support/e2e.ts';
import { registerThroughApi } from '../support/e2e-orders.ts';

const field = (page: Page, label: string) => page.locator('main').getByRole('textbox', { name: label, exact: true });
const MESSAGE = 'Happy Diwali, Ananya!\nSix small potions to find your own. — Meera';

test('a shopper buys the discovery set as a wrapped gift with a message, and the back office sees the gift', async ({ page, otherPage }) => {
  test.setTimeout(90_000);
  const token = await registerThroughApi(page.request, 'Meera Iyer', `gift.${Date.now()}.${Math.floor(Math.random() * 1e6)}@deosil.test`);
  await page.goto('/');
  await page.evaluate((value) => {
    localStorage.clear();
    localStorage.setItem('deosil-customer-token', value);
  }, token);

  // A potion's page names the set it is also in; the catalogue's own filter finds the sets.
  await page.goto('/products/raat-rani');
  await expect(page.getByTestId('also-in')).toContainText('Discovery Set');
  await page.goto('/products?kind=set');
  const card = page.getByTestId('product-card').filter({ hasText: 'Discovery Set' });
  await expect(card).toContainText('Set of 6');
  await expect(card).toContainText(/save ₹/);
  await card.getByRole('link', { name: /Discovery Set/ }).click();

  const contents = page.getByTestId('set-contents');
  await expect(contents.getByRole('listitem')).toHaveCount(6);
  await expect(contents).toContainText('You save');
  await page.getByRole('button', { name: /^Add to cart: Discovery Set/ }).click();
  const drawer = page.getByRole('dialog', { name: /YOUR MYSTICAL CART/ });
  await drawer.getByRole('link', { name: 'SECURE CHECKOUT' }).click();

  await expect(page.getByRole('heading', { name: 'Shipping Information' })).toBeVisible();
  await field(page, 'Phone').fill('+91 98765 43210');
  await field(page, 'Street Address').fill('12 Moonlit Lane');
  await field(page, 'City').fill('Pune');
  await page.locator('main').getByRole('combobox', { name: 'State', exact: true }).selectOption('Maharashtra');
  await field(page, 'ZIP Code').fill('411001');

  const gift = page.getByTestId('gift-option');
  await gift.getByRole('checkbox', { name: /This is a gift/ }).check();
  await gift.getByRole('checkbox', { name: 'Gift wrap it in black and gold (+₹99.00)' }).check();
  await gift.getByRole('textbox', { name: "Recipient's name" }).fill('Ananya Rao');
  // Over the card's 250 characters, the step stops and names the message.
  await gift.getByRole('textbox', { name: 'Message on the card' }).fill('x'.repeat(251));
  await page.getByRole('button', { name: 'Continue to Review' }).click();
  await expect(gift.getByText('The gift message must be at most 250 characters')).toBeVisible();
  await gift.getByRole('textbox', { name: 'Message on the card' }).fill(MESSAGE);
  await expect(gift).toContainText(`${[...MESSAGE].length} of 250 characters`);
  await page.getByRole('button', { name: 'Continue to Review' }).click();

  await expect(page.getByRole('heading', { name: 'Review Your Order' })).toBeVisible();
  await expect(page.getByTestId('review-gift')).toContainText('A gift for Ananya Rao, gift wrapped');
  const totals = page.getByTestId('checkout-totals').filter({ visible: true }).first();
  await expect(totals).toContainText('Gift wrap');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await page.getByRole('dialog', { name: 'Test payment — no money moves' }).getByRole('button', { name: 'Success' }).click();

  await expect(page).toHaveURL(/\/orders\/success\/DP-\d{8}-\d{4}$/);
  const orderNumber = await page.getByTestId('success-order-number').innerText();
  await page.goto(`/orders/${orderNumber}`);
  await expect(page.getByTestId('order-gift')).toContainText('A gift for Ananya Rao');
  await expect(page.getByTestId('order-gift')).toContainText('Six small potions to find your own.');

  await signInToAdmin(otherPage);
  await otherPage.goto(`/admin/orders?search=${orderNumber}`);
  await otherPage.getByRole('button', { name: `View order ${orderNumber}` }).click();
  const dialog = otherPage.getByRole('dialog', { name: orderNumber });
  await expect(dialog.getByTestId('order-gift')).toContainText('Gift wrapped');
  await expect(dialog.getByTestId('order-gift')).toContainText('Happy Diwali, Ananya!');
  await expect(dialog).toContainText('Discovery Set');
});
