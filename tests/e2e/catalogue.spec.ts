import { type Page } from '@playwright/test';
import { expect, test } from '../support/e2e.ts';

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 640;

async function chooseCategory(page: Page, label: string, id: string) {
  if (isPhone(page)) {
    await page.getByRole('combobox', { name: 'Category' }).selectOption(id);
  } else {
    await page.getByRole('navigation', { name: 'Potion categories' }).getByRole('link', { name: new RegExp(`^${label}`) }).click();
  }
}

test('the catalogue arrives server-rendered, before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto('/products');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Potion Collection', level: 1 })).toBeVisible();
  // The 24 demo potions and the demo's discovery set and gift box.
  await expect(page.getByTestId('product-card')).toHaveCount(26);
  await expect(page.getByRole('link', { name: 'Dark Poppy' })).toBeVisible();
  await context.close();
});

test('a shopper filters, searches, opens a potion and picks a size', async ({ page }) => {
  await page.goto('/products');
  await expect(page.getByTestId('product-card')).toHaveCount(26);

  const ritual = (await (await page.request.get('/api/products?category=ritual')).json()).products as { name: string }[];
  expect(ritual.length).toBeGreaterThan(0);
  await chooseCategory(page, 'Ritual Potions', 'ritual');
  await expect(page).toHaveURL(/category=ritual/);
  await expect(page.getByTestId('product-card')).toHaveCount(ritual.length);
  await expect(page.getByRole('link', { name: ritual[0]!.name, exact: true })).toBeVisible();
  // Ritual, seduction and protection carry their own icons, the other categories the default one; on phones the
  // chosen category's icon sits in the dropdown.
  const categories = page.getByRole('navigation', { name: 'Potion categories' });
  const icons = categories.locator('svg[data-icon]').filter({ visible: true });
  if (test.info().project.name === 'phone') {
    await expect(icons).toHaveCount(1);
    await expect(icons).toHaveAttribute('data-icon', 'ritual');
  } else {
    for (const [tab, icon] of [['Ritual Potions', 'ritual'], ['Seduction Elixirs', 'seduction'], ['Protection Charms', 'protection'], ['All Potions', 'default']]) {
      await expect(categories.getByRole('link', { name: new RegExp(`^${tab}`) }).locator(`svg[data-icon="${icon}"]`), tab!).toBeVisible();
    }
  }

  await chooseCategory(page, 'All Potions', 'all');
  await expect(page.getByTestId('product-card')).toHaveCount(26);

  const search = page.getByRole('searchbox', { name: 'Search potions' });
  await search.fill('pop');
  await search.press('Enter');
  await expect(page).toHaveURL(/search=pop/);
  // Dark Poppy, and the gift box that holds it.
  await expect(page.getByTestId('product-card')).toHaveCount(2);
  await expect(page.getByTestId('product-card').filter({ hasText: 'Samhain Gift Box' })).toHaveCount(1);

  await page.getByRole('link', { name: 'Dark Poppy' }).click();
  await expect(page).toHaveURL(/\/products\/dark-poppy$/);
  await expect(page.getByRole('heading', { name: 'Dark Poppy', level: 1 })).toBeVisible();

  const price = page.getByTestId('product-price');
  const fiftyMl = await price.innerText();
  await page.getByText('15ml', { exact: true }).click();
  await expect(price).not.toHaveText(fiftyMl);
  const fifteenMl = await price.innerText();
  expect(Number(fifteenMl.replace(/[^\d.]/g, ''))).toBeLessThan(Number(fiftyMl.replace(/[^\d.]/g, '')));

  await expect(page.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByRole('button', { name: 'Decrease quantity' })).toBeEnabled();

  await page.getByRole('link', { name: /Back to potions/ }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test('a product page carries its SEO tags and Product JSON-LD in rupees', async ({ page }) => {
  await page.goto('/products/valor');
  await expect(page).toHaveTitle('Valor | Deosil Perfumes');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/products\/valor$/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /valor\.webp$/);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(ld['@type']).toBe('Product');
  expect(ld.name).toBe('Valor');
  expect(ld.offers.every((offer: { priceCurrency: string }) => offer.priceCurrency === 'INR')).toBe(true);
});

test('an out-of-stock potion says so', async ({ page }) => {
  await page.goto('/products?inStock=false');
  const card = page.getByTestId('product-card').first();
  await expect(card.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
  await card.getByRole('heading').getByRole('link').click();
  await expect(page.getByRole('status').filter({ hasText: 'Out of Stock' })).toBeVisible();
});

test('an unknown potion gets a themed 404', async ({ page }) => {
  const response = await page.goto('/products/no-such-potion');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'This potion has vanished' })).toBeVisible();
});

test('a search that matches nothing says No Potions Found', async ({ page }) => {
  await page.goto('/products?search=zzqqxx');
  await expect(page.getByRole('heading', { name: 'No Potions Found' })).toBeVisible();
});

test('a tap that comes before the catalogue is fully live still adds the potion', async ({ page }) => {
  // A slow phone: the catalogue comes to life card by card, and the shopper taps the last card before its turn.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
  // The frame's own navigation, which does not wait for hydration as the test's page.goto does.
  await page.mainFrame().goto('/products', { waitUntil: 'commit' });
  await page.waitForFunction(() => '__reactRouterDataRouter' in window && document.documentElement.dataset.hydrated !== 'true', undefined, {
    polling: 10,
  });
  const addButton = /^Add to cart: .+$/;
  const lastCard = page.getByTestId('product-card').filter({ has: page.getByRole('button', { name: addButton }) }).last();
  await lastCard.getByRole('button', { name: addButton }).click();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  await expect(page.getByRole('button', { name: /^Open cart\. 1 potion in cart$/ }).first()).toBeAttached();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('mystical-cart') ?? '{}').state?.items?.length)).toBe(1);
});

test('the page paints before its scripts: they are preloaded at low priority', async ({ page }) => {
  const html = await (await page.request.get('/products')).text();
  const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
  expect(preloads.length).toBeGreaterThan(0);
  for (const link of preloads) expect(link).toContain('fetchpriority="low"');
  // React's hint for its own hydration is not an HTML attribute.
  expect(html).not.toMatch(/suppressHydrationWarning/i);
});

test('quick view shows a potion over the grid, closes with Escape and hands focus back', async ({ page }) => {
  await page.goto('/products');
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  const card = page.getByTestId('product-card').filter({ has: page.getByRole('link', { name: 'Dark Poppy', exact: true }) });
  const opener = card.getByRole('button', { name: 'Quick view of Dark Poppy' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Dark Poppy' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/^₹[\d,]+\.\d\d$/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  await opener.click();
  await dialog.getByRole('link', { name: 'VIEW POTION' }).click();
  await expect(page).toHaveURL(/\/products\/dark-poppy$/);
});
