import { type Page } from '@playwright/test';
import { expect, test } from '../support/e2e.ts';

interface ApiProduct {
  id: number;
  slug: string;
  name: string;
  sizes: { size: string; price: number }[];
}

const rupees = (text: string) => Number(text.replace(/[^\d.]/g, ''));

async function product(page: Page, slug: string): Promise<ApiProduct> {
  return (await (await page.request.get(`/api/products/${slug}`)).json()).product;
}

async function addFromPage(page: Page, slug: string, size: string) {
  await page.goto(`/products/${slug}`);
  await page.getByText(size, { exact: true }).click();
  await page.getByRole('button', { name: new RegExp(`^Add to cart: .+, ${size}$`) }).click();
  // The drawer opens by itself 800 ms after adding.
  await expect(page.getByRole('dialog', { name: /YOUR MYSTICAL CART/ })).toBeVisible();
  await page.getByRole('button', { name: 'Close cart' }).click();
}

test('a shopper fills the cart, uses a festival coupon, loses it below the minimum, and finds the cart after reload', async ({ page }) => {
  const valor = await product(page, 'valor');
  const poppy = await product(page, 'dark-poppy');
  const price = (p: ApiProduct, size: string) => p.sizes.find((entry) => entry.size === size)!.price;

  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
  await addFromPage(page, 'valor', '15ml');
  await addFromPage(page, 'valor', '50ml');
  await addFromPage(page, 'dark-poppy', '30ml');

  await page.getByRole('button', { name: /^Open cart/ }).first().click();
  const drawer = page.getByRole('dialog', { name: /YOUR MYSTICAL CART/ });
  await expect(drawer.getByRole('heading', { level: 2 })).toHaveText('YOUR MYSTICAL CART (3)');
  await expect(drawer.getByTestId('cart-line')).toHaveCount(3);

  await drawer.getByRole('group', { name: 'Quantity of Valor 15ml' }).getByRole('button', { name: 'Increase quantity' }).click();
  await expect(drawer.getByRole('heading', { level: 2 })).toHaveText('YOUR MYSTICAL CART (4)');
  const subtotal = price(valor, '15ml') * 2 + price(valor, '50ml') + price(poppy, '30ml');
  await expect(drawer.getByTestId('cart-subtotal')).toHaveText(/./);
  expect(rupees(await drawer.getByTestId('cart-subtotal').innerText())).toBeCloseTo(subtotal, 2);

  // DEEPAM15: 15 % off, up to ₹750, on orders of ₹1,999 or more.
  await drawer.getByRole('button', { name: /DEEPAM15/ }).click();
  await expect(drawer.getByText('DEEPAM15', { exact: true })).toBeVisible();
  await expect(drawer.getByRole('textbox', { name: 'Coupon code' })).toBeHidden();
  const discount = Math.min(Math.round(subtotal * 15) / 100, 750);
  expect(rupees(await drawer.getByTestId('cart-discount').innerText())).toBeCloseTo(discount, 2);
  expect(rupees(await drawer.getByTestId('cart-total').innerText())).toBeCloseTo(subtotal - discount, 2);

  await page.reload();
  await page.getByRole('button', { name: 'Open cart. 4 potions in cart' }).first().click();
  await expect(drawer.getByTestId('cart-line')).toHaveCount(3);
  await expect(drawer.getByTestId('cart-discount')).toBeVisible();

  // Remove lines until the subtotal falls below ₹1,999: the coupon goes by itself.
  await drawer.getByRole('button', { name: 'Remove Valor 50ml' }).click();
  await drawer.getByRole('button', { name: 'Remove Dark Poppy 30ml' }).click();
  // Two 15 ml Valors still meet the minimum; one does not.
  await expect(drawer.getByTestId('cart-discount')).toBeVisible();
  await drawer.getByRole('group', { name: 'Quantity of Valor 15ml' }).getByRole('button', { name: 'Decrease quantity' }).click();
  await expect(drawer.getByTestId('cart-discount')).toBeHidden();
  await expect(drawer.getByRole('textbox', { name: 'Coupon code' })).toBeVisible();
  await expect(drawer.getByText(/Add ₹[\d,.]+ more to use this coupon/).first()).toBeVisible();

  await drawer.getByRole('button', { name: 'Clear All' }).click();
  await expect(drawer.getByText('THE CAULDRON IS EMPTY')).toBeVisible();
});

test('the coupon box explains empty and unknown codes', async ({ page }) => {
  await page.goto('/products/valor');
  await page.getByRole('button', { name: /^Add to cart: Valor/ }).click();
  const drawer = page.getByRole('dialog', { name: /YOUR MYSTICAL CART/ });
  await expect(drawer).toBeVisible();
  const box = drawer.getByRole('textbox', { name: 'Coupon code' });
  await box.press('Enter');
  await expect(drawer.getByRole('alert')).toHaveText('Please enter a coupon code');
  await box.fill('nosuch');
  await expect(box).toHaveValue('NOSUCH');
  await box.press('Enter');
  await expect(drawer.getByRole('alert')).toHaveText('Invalid coupon code');
});

test('catalogue cards say Added! and open the drawer; the badge counts', async ({ page }) => {
  await page.goto('/products');
  const card = page.getByTestId('product-card').filter({ hasText: 'Valor' });
  await card.getByRole('button', { name: /^Add to cart: Valor/ }).click();
  await expect(card.getByRole('button', { name: /^Add to cart: Valor/ })).toHaveText('Added!');
  await expect(page.getByRole('dialog', { name: /YOUR MYSTICAL CART \(1\)/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: /YOUR MYSTICAL CART/ })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open cart. 1 potion in cart' }).first()).toBeVisible();
  const soldOut = page.getByTestId('product-card').filter({ hasText: 'Out of Stock' }).first();
  await expect(soldOut.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
});

test('a corrupt saved cart starts empty without breaking the page', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('mystical-cart', '{not json'));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.reload();
  await page.getByRole('button', { name: /^Open cart/ }).first().click();
  await expect(page.getByText('THE CAULDRON IS EMPTY')).toBeVisible();
  await page.evaluate(() => localStorage.setItem('mystical-cart', JSON.stringify({ state: { items: [{ bogus: true }] }, version: 1 })));
  await page.reload();
  await page.getByRole('button', { name: /^Open cart/ }).first().click();
  await expect(page.getByText('THE CAULDRON IS EMPTY')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a price changed on the server reaches the drawer when it opens', async ({ page }) => {
  const valor = await product(page, 'valor');
  // A cart saved when Valor cost ₹1: the server's price must replace it.
  const stale = {
    state: {
      items: [{ cartId: `${valor.id}-50ml`, productId: valor.id, size: '50ml', quantity: 1, unitPricePaise: 100, slug: 'valor', name: 'Valor', image: '/images/potions/valor.svg', addedAt: new Date().toISOString() }],
      appliedCoupon: null,
    },
    version: 1,
  };
  await page.addInitScript((saved) => window.localStorage.setItem('mystical-cart', saved), JSON.stringify(stale));
  await page.goto('/products/valor');
  // The badge counts the restored cart once the page has hydrated.
  await page.getByRole('button', { name: 'Open cart. 1 potion in cart' }).first().click();
  const drawer = page.getByRole('dialog', { name: /YOUR MYSTICAL CART/ });
  await expect(drawer.getByText('Price updated to today’s price')).toBeVisible();
  expect(rupees(await drawer.getByTestId('cart-total').innerText())).toBeCloseTo(valor.sizes.find((s) => s.size === '50ml')!.price, 2);
});

test('the home banner shows live festivals', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByTestId('festival-banner');
  await expect(banner).toBeVisible();
  const first = await banner.locator('strong').innerText();
  await banner.getByRole('button', { name: `Dismiss ${first}` }).click();
  await expect(banner.locator('strong')).not.toHaveText(first);
});
